import * as v from 'valibot';
import { CodeSchema, PasswordSchema } from './common.ts';

/** Step-up (issue 23, docs/decisions/step-up.md): how long a proof counts for sensitive actions. */
export const STEP_UP_VALIDITY_MINUTES = 10;

/** The password typed again in the step-up dialog (the field is named as on the change-password form). */
export const StepUpPasswordRequestSchema = v.object({ currentPassword: PasswordSchema });
export type StepUpPasswordRequest = v.InferInput<typeof StepUpPasswordRequestSchema>;

/** A proof given: sensitive actions need no other until this time (ISO). */
export const StepUpProofSchema = v.object({ provedUntil: v.string() });
export type StepUpProof = v.InferOutput<typeof StepUpProofSchema>;

/**
 * The proofs the step-up dialog may offer this account (GET /api/profile/step-up/proofs;
 * docs/decisions/step-up.md "Which proofs each account is offered").
 */
export const StepUpProofsSchema = v.object({
  /** The account has a password. */
  password: v.boolean(),
  /** The account has at least one passkey (the browser must also support WebAuthn to offer it). */
  passkey: v.boolean(),
  /** A school administrator with a confirmed authenticator app: its current code is a proof. */
  authenticator: v.boolean(),
  /** An account without a password but with a login email: a code emailed to it is a proof. */
  email: v.boolean(),
});
export type StepUpProofs = v.InferOutput<typeof StepUpProofsSchema>;

/** The authenticator app's current code typed in the step-up dialog. */
export const StepUpCodeRequestSchema = v.object({ code: CodeSchema });
export type StepUpCodeRequest = v.InferInput<typeof StepUpCodeRequestSchema>;

/** A code emailed for the step-up dialog: until when it works, and when a new one may be asked for (ISO). */
export const StepUpCodeSentSchema = v.object({ expiresAt: v.string(), resendAt: v.string() });
export type StepUpCodeSent = v.InferOutput<typeof StepUpCodeSentSchema>;
