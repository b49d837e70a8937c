import { describe, expect, it } from 'vitest';
import { apiError, change, done, fail, networkError } from '../../../machines/model-kit.ts';
import { SAMPLE_EXPORT_FILE, ssoExportModel as model } from '../../../machines/sso-export/sso-export.model.ts';
import { invokedInput, play } from '../../support/graph.ts';
import { describeModelPaths } from '../../support/model-suite.ts';

const submit = { type: 'form.submit' } as const;

describeModelPaths('ssoExport', model);

describe('ssoExport', () => {
  it('asks for an identity provider before preparing anything', () => {
    const snapshot = play(model, submit);
    expect(snapshot.matches({ choosing: 'invalid' })).toBe(true);
    expect(snapshot.context.fieldErrors).toEqual([{ field: 'format', rule: 'required' }]);
  });

  it('prepares the chosen format and keeps the saved file', () => {
    expect(invokedInput(model, [change('format', 'entra'), submit], 'downloadExport')).toEqual({ format: 'entra' });
    const preparing = play(model, change('format', 'google'), submit);
    expect(preparing.hasTag('busy')).toBe(true);
    const downloaded = play(model, change('format', 'google'), submit, done('downloadExport', SAMPLE_EXPORT_FILE));
    expect(downloaded.matches('downloaded')).toBe(true);
    expect(downloaded.context.file).toEqual(SAMPLE_EXPORT_FILE);
  });

  it('goes back to the choice, the last format still chosen, for the other file', () => {
    const snapshot = play(model, change('format', 'google'), submit, done('downloadExport', SAMPLE_EXPORT_FILE), { type: 'export.restart' });
    expect(snapshot.matches({ choosing: 'idle' })).toBe(true);
    expect(snapshot.context.values.format).toBe('google');
  });

  it('keeps the code of a refusal or a lost answer, and tries again from there', () => {
    for (const error of [apiError('ssoExportNoDomain'), apiError('forbidden'), networkError()]) {
      const failed = play(model, change('format', 'google'), submit, fail('downloadExport', error));
      expect(failed.matches('failed')).toBe(true);
      expect(failed.context.errorCode).toBe(error.code);
    }
    const retried = play(model, change('format', 'google'), submit, fail('downloadExport', networkError()), { type: 'retry' });
    expect(retried.matches('preparing')).toBe(true);
    expect(retried.context.errorCode).toBeNull();
  });
});
