import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { ApiError } from '../../contract/api-error.ts';
import { ORG_IMPORT_MAX_BYTES } from '../../contract/schemas/org-account.ts';
import { orgAccountImportActors } from '../../src/api/org-account.ts';

describe('the school email list import actor', () => {
  it('refuses a file over the limit with importFileTooLarge without reading or sending it', async () => {
    let read = false;
    const file = {
      name: 'big.xlsx',
      size: ORG_IMPORT_MAX_BYTES + 1,
      read: async () => {
        read = true;
        return new ArrayBuffer(8);
      },
    };
    const actor = createActor(orgAccountImportActors.checkImport, { input: { file, lang: 'en' } }).start();
    const error = await toPromise(actor).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'importFileTooLarge', status: 413 });
    expect(read).toBe(false);
  });
});
