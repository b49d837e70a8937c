import type { EmailVerificationKind, EmailVerifyResult } from '../../contract/schemas/profile.ts';
import { emailVerificationMachine } from './email-verification.machine.ts';
import { contextKey, defineModel, done, fail, networkError } from '../model-kit.ts';

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
    fail('verifyLink', networkError()),
    { type: 'retry' },
  ],
  key: contextKey('errorCode', 'result'),
  paths: [
    // A check that got no answer can be retried and then succeed.
    [fail('verifyLink', networkError()), { type: 'retry' }, done('verifyLink', sampleEmailVerifyResult('login'))],
  ],
});
