import { fromPromise } from 'xstate';
import * as myData from '../../contract/calls/my-data.ts';
import type { MyDataFile } from '../../contract/schemas/my-data.ts';
import { download } from './client.ts';
import { saveFile } from './save-file.ts';

/** My data's actor: asks the server for the account's data file and saves it. */
export const myDataActors = {
  downloadMyData: fromPromise<MyDataFile, void>(async ({ signal }) => {
    const file = await download(myData.download, undefined, { signal, fallbackName: 'my-data.zip' });
    saveFile(file.blob, file.fileName);
    return { fileName: file.fileName, bytes: file.blob.size };
  }),
};
