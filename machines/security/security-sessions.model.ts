import type { SignedInSession, SignInHistoryEntry } from '../../contract/schemas/security.ts';
import { apiError, contextKey, defineModel, done, fail, networkError, SAMPLE_NOW } from '../model-kit.ts';
import { securitySessionsMachine, type SecurityOverview } from './security-sessions.machine.ts';

const at = (minutesAgo: number) => new Date(SAMPLE_NOW - minutesAgo * 60_000).toISOString();

/** The current session, in Chrome on Windows, and one other, in Safari on an iPhone. */
export const SAMPLE_SESSIONS: SignedInSession[] = [
  { id: '00000000-0000-4000-8000-000000000001', browser: 'Chrome 131', system: 'Windows 10', signedInAt: at(30), lastSeenAt: at(0), current: true },
  { id: '00000000-0000-4000-8000-000000000002', browser: 'Mobile Safari 17', system: 'iOS 17.5', signedInAt: at(300), lastSeenAt: at(45), current: false },
];

export const SAMPLE_HISTORY: SignInHistoryEntry[] = [
  { at: at(30), method: 'password', outcome: 'success', browser: 'Chrome 131', system: 'Windows 10' },
  { at: at(31), method: 'password', outcome: 'wrongPassword', browser: 'Chrome 131', system: 'Windows 10' },
  // A right password whose second step nobody finished (issue 26): someone may have the password.
  { at: at(120), method: 'password', outcome: 'secondStepNotCompleted', browser: 'Firefox 133', system: 'Linux' },
  { at: at(300), method: 'otp', outcome: 'success', browser: 'Mobile Safari 17', system: 'iOS 17.5' },
];

export function sampleSecurityOverview(): SecurityOverview {
  return { sessions: SAMPLE_SESSIONS, history: SAMPLE_HISTORY };
}

export const securitySessionsModel = defineModel(securitySessionsMachine, {
  input: {},
  events: [
    done('loadSecurity', sampleSecurityOverview()),
    fail('loadSecurity', networkError()),
    { type: 'session.signOut', sessionId: SAMPLE_SESSIONS[1]?.id ?? '' },
    { type: 'others.signOut' },
    { type: 'dialog.confirm' },
    { type: 'dialog.cancel' },
    done('signOutSession', undefined),
    fail('signOutSession', apiError('sessionNotFound')),
    fail('signOutSession', networkError()),
    done('signOutOthers', { signedOut: 1 }),
    fail('signOutOthers', networkError()),
    { type: 'retry' },
  ],
  key: contextKey('sessions', 'history', 'target', 'errorCode'),
});
