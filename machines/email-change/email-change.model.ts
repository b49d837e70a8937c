import type { EmailChangeResult, EmailChangeStatus } from '../../contract/schemas/verification.ts';
import { emailChangeMachine } from './email-change.machine.ts';
import { apiError, change, contextKey, defineModel, done, fail, networkError, SAMPLE_HOLD_UNTIL } from '../model-kit.ts';

export const CURRENT_EMAIL = 'public1@demo.test';
export const NEW_EMAIL = 'public1.new@demo.test';

export function sampleChangeRequested(): EmailChangeResult {
  return { pendingEmail: NEW_EMAIL, expiresAt: '2026-01-16T12:00:00.000Z' };
}

/** The status read back: confirmed (the new address in force), still waiting, or lapsed. */
export function sampleChangeStatus(state: 'confirmed' | 'pending' | 'lapsed'): EmailChangeStatus {
  if (state === 'confirmed') return { kind: 'login', email: NEW_EMAIL, pendingEmail: null };
  return { kind: 'login', email: CURRENT_EMAIL, pendingEmail: state === 'pending' ? NEW_EMAIL : null };
}

export const emailChangeModel = defineModel(emailChangeMachine, {
  input: { kind: 'login', currentEmail: CURRENT_EMAIL, lang: 'en' },
  events: [
    change('email', NEW_EMAIL),
    change('email', CURRENT_EMAIL),
    change('email', 'not-an-email'),
    { type: 'form.submit' },
    done('requestChange', sampleChangeRequested()),
    fail('requestChange', apiError('invalidPayload', { fields: [{ field: 'email', rule: 'format' }] })),
    fail('requestChange', apiError('tooManyRequests', { holdUntil: SAMPLE_HOLD_UNTIL })),
    fail('requestChange', networkError()),
    { type: 'status.refresh' },
    done('fetchStatus', sampleChangeStatus('confirmed')),
    done('fetchStatus', sampleChangeStatus('pending')),
    done('fetchStatus', sampleChangeStatus('lapsed')),
    fail('fetchStatus', networkError()),
    { type: 'form.restart' },
  ],
  key: contextKey('fieldErrors', 'errorCode', 'expiresAt'),
});
