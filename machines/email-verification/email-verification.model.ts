import type { EmailVerificationKind, EmailVerifyResult } from '../../contract/schemas/verification.ts';
import { emailVerificationMachine } from './email-verification.machine.ts';
import { apiError, contextKey, defineModel, done, fail, networkError, SAMPLE_HOLD_UNTIL } from '../model-kit.ts';

/** What a followed link of each kind applies, for the seeded demo public user. */
export function sampleEmailVerifyResult(kind: EmailVerificationKind): EmailVerifyResult {
  return kind === 'subscription'
    ? { kind, email: 'public1@demo.test', services: ['edPost', 'parentInfo'] }
    : { kind, email: kind === 'teacher' ? 'teacher1@school.demo.test' : 'public1.new@demo.test', services: [] };
}

export const SAMPLE_LINK_TOKEN = 'sample-email-link-token';

export const emailVerificationModel = defineModel(emailVerificationMachine, {
  input: { kind: 'login', token: SAMPLE_LINK_TOKEN },
  events: [
    done('verifyLink', sampleEmailVerifyResult('login')),
    // A two-factor link while that login is held (issue 26).
    fail('verifyLink', apiError('held', { holdUntil: SAMPLE_HOLD_UNTIL })),
    fail('verifyLink', networkError()),
    { type: 'retry' },
  ],
  key: contextKey('errorCode', 'result', 'holdUntil'),
  paths: [
    // A check that got no answer can be retried and then succeed.
    [fail('verifyLink', networkError()), { type: 'retry' }, done('verifyLink', sampleEmailVerifyResult('login'))],
  ],
});
