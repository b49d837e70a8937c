import { describe, expect, it } from 'vitest';
import { orgAccountImportModel as model, SAMPLE_FILE, SAMPLE_INVALID, SAMPLE_READY } from '../../../machines/org-account/org-account-import.model.ts';
import { apiError, done, fail } from '../../../machines/model-kit.ts';
import { play } from '../../support/graph.ts';
import { describeModelPaths } from '../../support/model-suite.ts';

const chosen = { type: 'file.choose', file: SAMPLE_FILE } as const;

describeModelPaths('orgAccountImport', model);

describe('orgAccountImport', () => {
  it('needs a file; one over the limit is refused by the server, and another can be chosen', () => {
    expect(play(model, { type: 'import.check' }).matches({ choosing: 'noFile' })).toBe(true);
    const large = play(model, chosen, { type: 'import.check' }, fail('checkImport', apiError('importFileTooLarge')));
    expect(large.matches('refused')).toBe(true);
    expect(large.context.errorCode).toBe('importFileTooLarge');
    expect(play(model, chosen, { type: 'import.check' }, fail('checkImport', apiError('importFileTooLarge')), chosen).matches({ choosing: 'idle' })).toBe(true);
  });

  it('lists the problems of a file per row and column, and imports nothing', () => {
    const snapshot = play(model, chosen, { type: 'import.check' }, done('checkImport', SAMPLE_INVALID));
    expect(snapshot.matches('rowErrors')).toBe(true);
    expect(snapshot.context.issues).toEqual(SAMPLE_INVALID.status === 'invalid' ? SAMPLE_INVALID.issues : []);
    expect(snapshot.can({ type: 'import.confirm' })).toBe(false);
  });

  it('asks before importing a clean file, then applies that check', () => {
    const ready = play(model, chosen, { type: 'import.check' }, done('checkImport', SAMPLE_READY));
    expect(ready.matches('confirming')).toBe(true);
    const importing = play(model, chosen, { type: 'import.check' }, done('checkImport', SAMPLE_READY), { type: 'import.confirm' });
    expect(importing.matches('importing')).toBe(true);
    const applied = play(model, chosen, { type: 'import.check' }, done('checkImport', SAMPLE_READY), { type: 'import.confirm' }, done('applyImport', { total: 1000, created: 998, updated: 2 }));
    expect(applied.matches('done')).toBe(true);
    expect(applied.context.applied).toEqual({ total: 1000, created: 998, updated: 2 });
  });

  it('says why a file was refused, and why an import failed', () => {
    const refused = play(model, chosen, { type: 'import.check' }, fail('checkImport', apiError('importFileInflatesTooMuch')));
    expect(refused.matches('refused')).toBe(true);
    expect(refused.context.errorCode).toBe('importFileInflatesTooMuch');
    const failed = play(model, chosen, { type: 'import.check' }, done('checkImport', SAMPLE_READY), { type: 'import.confirm' }, fail('applyImport', apiError('importNotFound')));
    expect(failed.matches('failed')).toBe(true);
    expect(failed.context.errorCode).toBe('importNotFound');
  });
});
