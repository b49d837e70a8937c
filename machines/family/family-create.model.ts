import type { FamilyCreated, FamilyRole } from '../../contract/schemas/family.ts';
import { familyCreateMachine } from './family-create.machine.ts';
import { apiError, change, changes, contextKey, defineModel, done, fail, fillField, fillInOrder, networkError, recaptchaFill, solveRecaptcha } from '../model-kit.ts';

export const FAMILY_NAME = 'The Chans';
export const NICKNAME = 'Papa Chan';
export const RECAPTCHA_TOKEN = 'recaptcha-sample-token';

export function sampleFamilyCreated(overrides: Partial<FamilyCreated> = {}): FamilyCreated {
  return {
    familyId: 'f-chan',
    familyRef: 'F7K2Q9',
    code: '482913',
    codeCreatedAt: '2026-01-15T11:00:00.000Z',
    codeExpiresAt: '2026-01-22T11:00:00.000Z',
    ...overrides,
  };
}

const solve = solveRecaptcha(RECAPTCHA_TOKEN);

export const familyCreateModel = defineModel(familyCreateMachine, {
  input: {},
  events: [
    ...changes('familyName', FAMILY_NAME, ''),
    ...changes('nickname', NICKNAME, 'x'.repeat(101)),
    ...changes<'role', FamilyRole | ''>('role', 'FATHER', ''),
    solve,
    { type: 'recaptcha.expire' },
    { type: 'form.submit' },
    { type: 'form.cancel' },
    { type: 'dialog.confirm' },
    { type: 'dialog.cancel' },
    done('createFamily', sampleFamilyCreated()),
    fail('createFamily', apiError('indecentLanguage', { fields: [{ field: 'familyName', rule: 'indecent' }] })),
    fail('createFamily', networkError()),
  ],
  key: contextKey('fieldErrors', 'errorCode', 'recaptchaRound', 'created'),
  simplePathFilter: fillInOrder(
    [
      fillField('familyName', FAMILY_NAME),
      fillField('nickname', NICKNAME),
      fillField<'role', FamilyRole>('role', 'FATHER'),
      recaptchaFill(solve),
    ],
    { exclude: ['recaptcha.expire', 'form.cancel'] },
  ),
  paths: [
    // The whole creation: form, confirm-create dialog, created.
    [
      change('familyName', FAMILY_NAME),
      change('nickname', NICKNAME),
      change<'role', FamilyRole>('role', 'FATHER'),
      solve,
      { type: 'form.submit' },
      { type: 'dialog.confirm' },
      done('createFamily', sampleFamilyCreated()),
    ],
    // The token expired while the dialog was open: the form asks for it again.
    [change('familyName', FAMILY_NAME), change('nickname', NICKNAME), change<'role', FamilyRole>('role', 'FATHER'), solve, { type: 'form.submit' }, { type: 'recaptcha.expire' }, { type: 'dialog.confirm' }],
  ],
});
