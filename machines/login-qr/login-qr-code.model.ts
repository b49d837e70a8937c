import type { LoginQrCodeState } from '../../contract/schemas/login-qr.ts';
import { apiError, contextKey, defineModel, done, fail, networkError, SAMPLE_NOW } from '../model-kit.ts';
import { loginQrCodeMachine } from './login-qr-code.machine.ts';

const OWNER = { loginId: 'demo_student1', displayName: 'Demo Student 1' };
const YEAR_MS = 365 * 24 * 60 * 60_000;

/** A code as the server shows it for the demo student, made at the demo clock's noon. */
export function sampleLoginQrCode(status: LoginQrCodeState['status'] = 'active'): LoginQrCodeState {
  const createdAt = new Date(SAMPLE_NOW).toISOString();
  const expiresAt = new Date(SAMPLE_NOW + YEAR_MS).toISOString();
  switch (status) {
    case 'active':
      return { ...OWNER, status, code: `PORTALQR1.${'A'.repeat(22)}.${'B'.repeat(43)}`, createdAt, expiresAt };
    case 'expired':
      return { ...OWNER, status, createdAt, expiresAt };
    case 'lost':
      return { ...OWNER, status, createdAt, lostAt: new Date(SAMPLE_NOW + 60_000).toISOString() };
    default:
      return { ...OWNER, status: 'none' };
  }
}

const STATUSES = ['active', 'expired', 'lost', 'none'] as const;
const ACTORS = ['readCode', 'refreshCode', 'loseCode'] as const;

export const loginQrCodeModel = defineModel(loginQrCodeMachine, {
  input: {},
  events: [
    ...ACTORS.flatMap((actor) => STATUSES.map((status) => done(actor, sampleLoginQrCode(status)))),
    ...ACTORS.flatMap((actor) => [fail(actor, apiError('forbidden')), fail(actor, networkError())]),
    { type: 'code.refresh' },
    { type: 'code.lose' },
    { type: 'dialog.confirm' },
    { type: 'dialog.cancel' },
    { type: 'retry' },
  ],
  key: contextKey('code', 'errorCode'),
});
