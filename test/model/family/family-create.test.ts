import { describe, expect, it } from 'vitest';
import type { FamilyRole } from '../../../contract/schemas/family.ts';
import { FAMILY_NAME, familyCreateModel as model, NICKNAME, RECAPTCHA_TOKEN, sampleFamilyCreated } from '../../../machines/family/family-create.model.ts';
import { apiError, change, done, fail, networkError } from '../../../machines/model-kit.ts';
import { invokedInput, play } from '../../support/graph.ts';
import { describeModelPaths, expectInvalid } from '../../support/model-suite.ts';

const submit = { type: 'form.submit' } as const;
const confirm = { type: 'dialog.confirm' } as const;
const solve = { type: 'recaptcha.solve', token: RECAPTCHA_TOKEN } as const;
const filled = [change('familyName', FAMILY_NAME), change('nickname', NICKNAME), change<'role', FamilyRole>('role', 'FATHER'), solve] as const;
const confirmed = [...filled, submit, confirm] as const;

describeModelPaths('familyCreate', model);

describe('familyCreate', () => {
  it('refuses an empty form, naming the name, nickname, role and reCAPTCHA', () => {
    const snapshot = play(model, submit);
    expectInvalid(snapshot, [
      { field: 'familyName', rule: 'required' },
      { field: 'nickname', rule: 'required' },
      { field: 'role', rule: 'required' },
      { field: 'recaptcha', rule: 'recaptcha' },
    ]);
  });

  it('refuses a nickname over 100 characters', () => {
    const snapshot = play(model, ...filled, change('nickname', 'x'.repeat(101)), submit);
    expect(snapshot.context.fieldErrors).toEqual([{ field: 'nickname', rule: 'maxLength' }]);
  });

  it('asks for confirmation before creating, and creates nothing when cancelled', () => {
    const confirming = play(model, ...filled, submit);
    expect(confirming.matches('confirming')).toBe(true);
    expect(confirming.children.createFamily).toBeUndefined();
    const cancelled = play(model, ...filled, submit, { type: 'dialog.cancel' });
    expect(cancelled.matches({ editing: 'idle' })).toBe(true);
    expect(cancelled.context.values).toEqual({ familyName: FAMILY_NAME, nickname: NICKNAME, role: 'FATHER' });
  });

  it('sends the form with the token once confirmed', () => {
    expect(play(model, ...confirmed).hasTag('busy')).toBe(true);
    expect(invokedInput(model, confirmed, 'createFamily')).toEqual({ familyName: FAMILY_NAME, nickname: NICKNAME, role: 'FATHER', recaptcha: RECAPTCHA_TOKEN });
  });

  it('ends in created with the family reference and code', () => {
    const snapshot = play(model, ...confirmed, done('createFamily', sampleFamilyCreated()));
    expect(snapshot.status).toBe('done');
    expect(snapshot.output).toEqual({ outcome: 'created', family: sampleFamilyCreated() });
  });

  it('checks the form again when the token expired while the dialog was open', () => {
    const snapshot = play(model, ...filled, submit, { type: 'recaptcha.expire' }, confirm);
    expectInvalid(snapshot, [{ field: 'recaptcha', rule: 'recaptcha' }]);
  });

  it.each([
    ['familyCannotCreateOrJoin', 'cannotCreate'],
    ['familyNoLoginEmail', 'noLoginEmail'],
    ['familyFunctionalAccount', 'functionalAccount'],
    ['familyStudentOnly', 'studentOnly'],
    ['recaptchaFailed', 'recaptchaFailed'],
    ['indecentLanguage', 'indecent'],
  ] as const)('a refusal with %s is shown as editing.%s', (code, state) => {
    const snapshot = play(model, ...confirmed, fail('createFamily', apiError(code)));
    expect(snapshot.matches({ editing: state })).toBe(true);
    expect(snapshot.hasTag('error')).toBe(true);
  });

  it('marks the field the server found indecent', () => {
    const refusal = apiError('indecentLanguage', { fields: [{ field: 'familyName', rule: 'indecent' }] });
    const snapshot = play(model, ...confirmed, fail('createFamily', refusal));
    expectInvalid(snapshot, [{ field: 'familyName', rule: 'indecent' }]);
  });

  it('throws away the spent token after any answer, so the widget is solved again', () => {
    for (const failure of [apiError('recaptchaFailed'), apiError('familyCannotCreateOrJoin'), networkError()]) {
      const snapshot = play(model, ...confirmed, fail('createFamily', failure));
      expect(snapshot.context.recaptcha).toBe('');
      expect(snapshot.context.recaptchaRound).toBe(1);
    }
  });

  it('keeps the code of any other failure in editing.failed', () => {
    const snapshot = play(model, ...confirmed, fail('createFamily', networkError()));
    expect(snapshot.matches({ editing: 'failed' })).toBe(true);
    expect(snapshot.context.errorCode).toBe('network');
  });

  it('can be left from the form, ending as cancelled', () => {
    const snapshot = play(model, change('familyName', FAMILY_NAME), { type: 'form.cancel' });
    expect(snapshot.status).toBe('done');
    // With what was typed, so that going back to the form shows it again (issue 13).
    expect(snapshot.output).toEqual({ outcome: 'cancelled', values: { familyName: FAMILY_NAME, nickname: '', role: '' } });
  });
});
