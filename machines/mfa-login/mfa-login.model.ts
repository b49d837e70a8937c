import type { MfaStatus } from '../../contract/schemas/mfa-login.ts';
import { apiError, changes, contextKey, defineModel, done, fail, fillField, fillInOrder, networkError, SAMPLE_HOLD_UNTIL, SAMPLE_NOW, sampleNow, sampleUser, timerEvent } from '../model-kit.ts';
import { mfaLoginMachine } from './mfa-login.machine.ts';

type Machine = typeof mfaLoginMachine;

/** The two-factor address the demo school administrator sets up. */
export const SAMPLE_MFA_EMAIL = 'schooladmin1.mfa@demo.test';
export const MFA_TIME_LIMIT_MS = 10 * 60 * 1000;
export const MFA_RESEND_WAIT_MS = 60 * 1000;

/** The pending sign-in at the demo clock's noon, at each step. */
export function sampleMfaStatus(step: MfaStatus['step']): MfaStatus {
  const sent = step !== 'setup';
  return {
    step,
    maskedEmail: sent ? 's***@demo.test' : null,
    expiresAt: new Date(SAMPLE_NOW + MFA_TIME_LIMIT_MS).toISOString(),
    resendAt: sent ? new Date(SAMPLE_NOW + MFA_RESEND_WAIT_MS).toISOString() : null,
    // The demo administrator sets up a first address: another may be given until its link is followed.
    changeable: step !== 'confirmed',
  };
}

export const sampleAdmin = () => sampleUser({ loginId: 'demo_schooladmin1', category: 'SCHOOL_ADMINISTRATOR', displayName: 'Demo School Admin', schoolCode: 'DEMO01' });

export const pollTick = timerEvent<Machine>('pollInterval', 'mfaLogin.waiting.poll.idle');
export const resendAvailable = timerEvent<Machine>('resendAfter', 'mfaLogin.waiting.resend.locked');
export const waitingExpiry = timerEvent<Machine>('challengeExpiry', 'mfaLogin.waiting');
export const setupExpiry = timerEvent<Machine>('challengeExpiry', 'mfaLogin.editing');

const held = () => apiError('held', { holdUntil: SAMPLE_HOLD_UNTIL });

export const mfaLoginModel = defineModel(mfaLoginMachine, {
  // Polls only when the walker sends the timer: a real 3-second poll would race the view tests.
  input: { now: sampleNow, pollMs: 60 * 60_000 },
  events: [
    done('fetchStatus', sampleMfaStatus('setup')),
    done('fetchStatus', sampleMfaStatus('waiting')),
    done('fetchStatus', sampleMfaStatus('confirmed')),
    fail('fetchStatus', held()),
    fail('fetchStatus', networkError()),
    { type: 'retry' },
    ...changes('email', SAMPLE_MFA_EMAIL, 'not-an-email'),
    { type: 'form.submit' },
    done('setupEmail', sampleMfaStatus('waiting')),
    fail('setupEmail', held()),
    fail('setupEmail', apiError('invalidPayload', { fields: [{ field: 'email', rule: 'format' }] })),
    fail('setupEmail', apiError('tooManyRequests', { holdUntil: SAMPLE_HOLD_UNTIL })),
    fail('setupEmail', networkError()),
    pollTick,
    done('poll', sampleMfaStatus('waiting')),
    done('poll', sampleMfaStatus('confirmed')),
    fail('poll', held()),
    fail('poll', networkError()),
    resendAvailable,
    { type: 'link.resend' },
    done('resendLink', sampleMfaStatus('waiting')),
    fail('resendLink', held()),
    fail('resendLink', networkError()),
    { type: 'verification.complete' },
    { type: 'email.change' },
    { type: 'change.cancel' },
    done('complete', { user: sampleAdmin() }),
    fail('complete', held()),
    fail('complete', networkError()),
    waitingExpiry,
    setupExpiry,
  ],
  key: contextKey('fieldErrors', 'errorCode', 'holdUntil', 'status', 'now', 'pollMs', 'user'),
  simplePathFilter: fillInOrder([fillField('email', SAMPLE_MFA_EMAIL)], { exclude: ['link.resend', 'retry', 'email.change', 'change.cancel', pollTick.type, resendAvailable.type] }),
  paths: [
    // First time: set up, press too early, then the link is followed elsewhere and the tab notices.
    [
      done('fetchStatus', sampleMfaStatus('setup')),
      ...changes('email', SAMPLE_MFA_EMAIL),
      { type: 'form.submit' },
      done('setupEmail', sampleMfaStatus('waiting')),
      { type: 'verification.complete' },
      fail('complete', apiError('mfaNotCompleted')),
      pollTick,
      done('poll', sampleMfaStatus('confirmed')),
      done('complete', { user: sampleAdmin() }),
    ],
    // A mistyped address: "Use another address", back to the waiting screen, then a corrected one.
    [
      done('fetchStatus', sampleMfaStatus('setup')),
      ...changes('email', SAMPLE_MFA_EMAIL),
      { type: 'form.submit' },
      done('setupEmail', sampleMfaStatus('waiting')),
      { type: 'email.change' },
      { type: 'change.cancel' },
      { type: 'email.change' },
      ...changes('email', SAMPLE_MFA_EMAIL),
      { type: 'form.submit' },
      done('setupEmail', sampleMfaStatus('waiting')),
    ],
    // A new email once the resend wait has passed.
    [done('fetchStatus', sampleMfaStatus('waiting')), resendAvailable, { type: 'link.resend' }, done('resendLink', sampleMfaStatus('waiting'))],
  ],
});
