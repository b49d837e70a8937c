import { forgotPasswordMachine } from './forgot-password.machine.ts';
import { apiError, changes, contextKey, defineModel, done, fail, fillField, fillInOrder, networkError, SAMPLE_HOLD_UNTIL } from '../model-kit.ts';

export const forgotPasswordModel = defineModel(forgotPasswordMachine, {
  input: { lang: 'en' },
  events: [
    { type: 'method.choose', by: 'loginId' },
    { type: 'method.choose', by: 'email' },
    ...changes('email', 'public1@demo.test', 'not-an-email'),
    ...changes('loginId', 'demo_public1'),
    { type: 'form.submit' },
    done('requestReset', { maskedEmail: 'p•••1@demo.test' }),
    fail('requestReset', apiError('held', { holdUntil: SAMPLE_HOLD_UNTIL })),
    fail('requestReset', apiError('invalidPayload', { fields: [{ field: 'email', rule: 'format' }] })),
    fail('requestReset', apiError('tooManyRequests', { holdUntil: SAMPLE_HOLD_UNTIL })),
    fail('requestReset', networkError()),
  ],
  key: contextKey('fieldErrors', 'errorCode', 'holdUntil', 'maskedEmail'),
  simplePathFilter: fillInOrder([fillField('email', 'public1@demo.test')]),
});
