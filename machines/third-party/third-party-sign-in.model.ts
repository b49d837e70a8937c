import type { SsoOutcome, SsoStartResult } from '../../contract/schemas/third-party.ts';
import { apiError, defineModel, done, fail, SAMPLE_NOW, sampleUser, timerEvent } from '../model-kit.ts';
import { thirdPartySignInMachine } from './third-party-sign-in.machine.ts';

type Machine = typeof thirdPartySignInMachine;

export const SAMPLE_AUTHORIZATION_URL = 'http://localhost:3000/oidc-local/auth?client_id=portal-local';
export const SAMPLE_SEARCH = '?code=sample-code&state=sample-state&iss=http%3A%2F%2Flocalhost%3A3000%2Foidc-local';
export const SAMPLE_IDENTITY_EMAIL = 'ada.wong@gmail.test';

const started: SsoStartResult = { authorizationUrl: SAMPLE_AUTHORIZATION_URL };
export const OUTCOMES: Record<SsoOutcome['outcome'], SsoOutcome> = {
  signedIn: { outcome: 'signedIn', user: sampleUser(), inPopup: true },
  secondFactor: { outcome: 'secondFactor', setupNeeded: false, expiresAt: new Date(SAMPLE_NOW + 10 * 60_000).toISOString(), inPopup: true },
  linkNeeded: { outcome: 'linkNeeded', email: SAMPLE_IDENTITY_EMAIL, inPopup: true },
  linked: { outcome: 'linked', provider: 'google', inPopup: true },
};
export const closeDelayEvent = timerEvent<Machine>('closeDelay', 'thirdPartySignIn.closing');

export const thirdPartySignInModel = defineModel(thirdPartySignInMachine, {
  input: { purpose: 'signIn' },
  events: [
    { type: 'popup.opened' },
    { type: 'popup.blocked' },
    { type: 'popup.cancel' },
    { type: 'redirect.continue' },
    { type: 'callback.arrived', search: SAMPLE_SEARCH },
    done('start', started),
    fail('start', apiError('thirdPartyFailed')),
    ...Object.values(OUTCOMES).map((outcome) => ({ type: 'outcome.received' as const, outcome })),
    { type: 'outcome.failed', code: 'thirdPartyFailed' },
    ...Object.values(OUTCOMES).map((outcome) => done('finish', outcome)),
    fail('finish', apiError('thirdPartyFailed')),
    { type: 'window.close' },
    closeDelayEvent,
  ],
});
