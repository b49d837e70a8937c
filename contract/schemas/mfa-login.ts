import * as v from 'valibot';
import { EmailSchema } from './common.ts';

// ---- Two-factor login for school administrators (/mfa-login, /login-emails/mfa-verify) --------

/** Where a pending two-factor sign-in stands: no address yet, link sent, or link followed. */
export const MFA_STEPS = ['setup', 'waiting', 'confirmed'] as const;
export type MfaStep = (typeof MFA_STEPS)[number];

/** POST /auth/mfa/email: the first two-factor address of the account. */
export const MfaSetupRequestSchema = v.object({ email: EmailSchema });
export type MfaSetupRequest = v.InferInput<typeof MfaSetupRequestSchema>;

export const MfaStatusSchema = v.object({
  step: v.picklist(MFA_STEPS),
  /** Where the link went (`n***@example.org`); null before setup. */
  maskedEmail: v.nullable(v.string()),
  /** ISO time the pending sign-in (and its link) stops working: log in again after it. */
  expiresAt: v.string(),
  /** ISO time the email may be sent again; null before setup. */
  resendAt: v.nullable(v.string()),
  /** The address is not yet the account's (first setup, link not followed): another may be given instead. */
  changeable: v.boolean(),
});
export type MfaStatus = v.InferOutput<typeof MfaStatusSchema>;
