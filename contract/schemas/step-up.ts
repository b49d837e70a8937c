import * as v from 'valibot';
import { PasswordSchema } from './common.ts';

/** Step-up (issue 23, docs/decisions/step-up.md): how long a proof counts for sensitive actions. */
export const STEP_UP_VALIDITY_MINUTES = 10;

/** The password typed again in the step-up dialog (the field is named as on the change-password form). */
export const StepUpPasswordRequestSchema = v.object({ currentPassword: PasswordSchema });
export type StepUpPasswordRequest = v.InferInput<typeof StepUpPasswordRequestSchema>;

/** A proof given: sensitive actions need no other until this time (ISO). */
export const StepUpProofSchema = v.object({ provedUntil: v.string() });
export type StepUpProof = v.InferOutput<typeof StepUpProofSchema>;
