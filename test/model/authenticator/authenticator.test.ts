import { describe, expect, it } from 'vitest';
import { apiError, change, done, fail } from '../../../machines/model-kit.ts';
import {
  SAMPLE_APP_CODE,
  SAMPLE_AUTHENTICATOR_OFF,
  SAMPLE_AUTHENTICATOR_ON,
  SAMPLE_RECOVERY_CODES,
  SAMPLE_SETUP,
  SAMPLE_STEP_UP_PROOF,
  authenticatorModel as model,
} from '../../../machines/authenticator/authenticator.model.ts';
import { invokedInput, play } from '../../support/graph.ts';
import { describeModelPaths } from '../../support/model-suite.ts';

const off = done('status', SAMPLE_AUTHENTICATOR_OFF);
const on = done('status', SAMPLE_AUTHENTICATOR_ON);
const start = { type: 'setup.start' } as const;
const begun = done('begin', SAMPLE_SETUP);
const typed = change('code', SAMPLE_APP_CODE);
const submit = { type: 'form.submit' } as const;
const proved = done('stepUp', SAMPLE_STEP_UP_PROOF);

describeModelPaths('authenticator', model);

describe('authenticator', () => {
  it('shows the set-up for an administrator without an app, and the app with its codes left otherwise', () => {
    expect(play(model, off).matches('off')).toBe(true);
    const shown = play(model, on);
    expect(shown.matches('on')).toBe(true);
    expect(shown.context.status).toEqual(SAMPLE_AUTHENTICATOR_ON);
  });

  it('opens the step-up dialog when the server wants a fresh proof, and starts the set-up again after it', () => {
    const asked = play(model, off, start, fail('begin', apiError('stepUpRequired')));
    expect(asked.matches('steppingUpToBegin')).toBe(true);
    expect(play(model, off, start, fail('begin', apiError('stepUpRequired')), proved).matches('beginning')).toBe(true);
    expect(play(model, off, start, fail('begin', apiError('stepUpRequired')), done('stepUp', { status: 'cancelled' })).matches('off')).toBe(true);
  });

  it('asks for the code before confirming, and sends the code typed', () => {
    expect(play(model, off, start, begun, submit).context.fieldErrors).toEqual([{ field: 'code', rule: 'required' }]);
    expect(invokedInput(model, [off, start, begun, typed, submit], 'confirm')).toEqual({ code: SAMPLE_APP_CODE });
  });

  it('keeps the recovery codes only until the user says they are saved, then reads the status again', () => {
    const shown = play(model, off, start, begun, typed, submit, done('confirm', SAMPLE_RECOVERY_CODES));
    expect(shown.matches('showingCodes')).toBe(true);
    expect(shown.context.recoveryCodes).toHaveLength(10);
    expect(shown.context.setup).toBeNull();
    const saved = play(model, off, start, begun, typed, submit, done('confirm', SAMPLE_RECOVERY_CODES), { type: 'codes.saved' });
    expect(saved.matches('loading')).toBe(true);
    expect(saved.context.recoveryCodes).toEqual([]);
  });

  it('keeps a wrong first code at the form', () => {
    const wrong = play(model, off, start, begun, typed, submit, fail('confirm', apiError('authenticatorCodeWrong')));
    expect(wrong.matches({ editing: 'failed' })).toBe(true);
    expect(wrong.context.errorCode).toBe('authenticatorCodeWrong');
  });

  it('removes or regenerates only after the confirmation dialog', () => {
    const asked = play(model, on, { type: 'remove.ask' });
    expect(asked.matches({ on: 'confirmRemove' })).toBe(true);
    expect(play(model, on, { type: 'remove.ask' }, { type: 'dialog.cancel' }).matches({ on: 'idle' })).toBe(true);
    expect(play(model, on, { type: 'remove.ask' }, { type: 'dialog.confirm' }, done('remove', SAMPLE_AUTHENTICATOR_OFF)).matches('off')).toBe(true);
    expect(play(model, on, { type: 'codes.ask' }, { type: 'dialog.confirm' }, done('regenerate', SAMPLE_RECOVERY_CODES)).matches('showingCodes')).toBe(true);
  });
});
