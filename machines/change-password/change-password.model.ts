import { changePasswordMachine } from './change-password.machine.ts';
import { apiError, change, changes, contextKey, defineModel, done, fail, fillField, fillInOrder, networkError, SAMPLE_PASSWORD, samplePolicy } from '../model-kit.ts';

const NEW_PASSWORD = 'Fresh-Start-2026';

/** The refusals the server answers with `fields`, one per field rule it can break. */
const refusals = [
  apiError('currentPasswordIncorrect', { fields: [{ field: 'currentPassword', rule: 'incorrect' }] }),
  apiError('passwordSameAsOld', { fields: [{ field: 'newPassword', rule: 'sameAsOld' }] }),
  apiError('passwordTooShort', { fields: [{ field: 'newPassword', rule: 'minLength' }] }),
  apiError('passwordTooSimple', { fields: [{ field: 'newPassword', rule: 'complexity' }] }),
  apiError('passwordTooCommon', { fields: [{ field: 'newPassword', rule: 'common' }] }),
];

const fills = [fillField('currentPassword', SAMPLE_PASSWORD), fillField('newPassword', NEW_PASSWORD), fillField('confirmNewPassword', NEW_PASSWORD)];

export const changePasswordModel = defineModel(changePasswordMachine, {
  input: { policy: samplePolicy() },
  events: [
    ...changes('currentPassword', SAMPLE_PASSWORD, ''),
    ...changes('newPassword', NEW_PASSWORD, 'short', 'alllowercase'),
    ...changes('confirmNewPassword', NEW_PASSWORD, 'Different-2026'),
    { type: 'form.submit' },
    { type: 'form.restart' },
    done('changePassword', undefined),
    ...refusals.map((refusal) => fail('changePassword', refusal)),
    fail('changePassword', networkError()),
  ],
  key: contextKey('fieldErrors', 'errorCode'),
  simplePathFilter: fillInOrder(fills),
  paths: [
    // Changing it twice in a row: restart clears the form for the second change.
    [
      ...fills.map((fill) => fill.event),
      { type: 'form.submit' },
      done('changePassword', undefined),
      { type: 'form.restart' },
      change('currentPassword', NEW_PASSWORD),
    ],
  ],
});
