import { apiError, contextKey, defineModel, done, fail, networkError, SAMPLE_NOW } from '../model-kit.ts';
import { myDataMachine } from './my-data.machine.ts';

export const SAMPLE_MY_DATA_FILE = { fileName: 'my-data-demo_student1-20261127.zip', bytes: 5120 };

/** The next download may be asked for 20 hours from the sample's now. */
export const SAMPLE_MY_DATA_HOLD = new Date(SAMPLE_NOW + 20 * 60 * 60_000).toISOString();

export const myDataModel = defineModel(myDataMachine, {
  input: {},
  events: [
    { type: 'data.download' },
    done('downloadMyData', SAMPLE_MY_DATA_FILE),
    fail('downloadMyData', apiError('myDataDailyLimit', { holdUntil: SAMPLE_MY_DATA_HOLD })),
    fail('downloadMyData', networkError()),
    { type: 'retry' },
  ],
  key: contextKey('errorCode', 'file'),
});
