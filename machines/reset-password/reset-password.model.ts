import { apiError, changes, contextKey, defineModel, done, fail, fillField, fillInOrder, networkError, samplePolicy } from '../model-kit.ts';
import { resetPasswordMachine } from './reset-password.machine.ts';

const NEW_PASSWORD = 'Fresh-Start-2026';

export const resetPasswordModel = defineModel(resetPasswordMachine, {
  input: { token: 'sample-reset-token', policy: samplePolicy() },
  events: [
    done('checkResetToken', { loginId: 'demo_public1' }),
    fail('checkResetToken', networkError()),
    { type: 'retry' },
    ...changes('newPassword', NEW_PASSWORD, 'short', 'alllowercase'),
    ...changes('confirmNewPassword', NEW_PASSWORD, 'Different-2026'),
    { type: 'form.submit' },
    done('resetPassword', undefined),
    fail('resetPassword', apiError('passwordSameAsOld', { fields: [{ field: 'newPassword', rule: 'sameAsOld' }] })),
    fail('resetPassword', networkError()),
  ],
  key: contextKey('fieldErrors', 'errorCode'),
  simplePathFilter: fillInOrder([fillField('newPassword', NEW_PASSWORD), fillField('confirmNewPassword', NEW_PASSWORD)]),
  paths: [
    // A check that failed for want of an answer can be retried and then succeed.
    [fail('checkResetToken', networkError()), { type: 'retry' }, done('checkResetToken', { loginId: 'demo_public1' })],
  ],
});
