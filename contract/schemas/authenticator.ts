import * as v from 'valibot';
import { CodeSchema } from './common.ts';

// ---- Authenticator app and recovery codes (issue 23; docs/decisions/authenticator.md) ------------

/** How many recovery codes a set-up or a regeneration makes. */
export const RECOVERY_CODE_COUNT = 10;
/** A recovery code as typed: the server ignores case, spaces and hyphens (`abcd-efgh-jkmn-pqrs`). */
export const RecoveryCodeSchema = v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.maxLength(40, 'maxLength'));

/** The second factors a pending sign-in may use (GET /auth/mfa/factors). */
export const MfaFactorsSchema = v.object({
  /** The account has a confirmed authenticator app. */
  authenticator: v.boolean(),
  /** How many unused recovery codes the account has. */
  recoveryCodes: v.number(),
  /** The account has a confirmed two-factor email (otherwise the email factor starts with its set-up). */
  email: v.boolean(),
});
export type MfaFactors = v.InferOutput<typeof MfaFactorsSchema>;

/** POST /auth/mfa/code: a code from the authenticator app, or one recovery code. */
export const MfaCodeRequestSchema = v.variant('kind', [
  v.object({ kind: v.literal('authenticator'), code: CodeSchema }),
  v.object({ kind: v.literal('recoveryCode'), code: RecoveryCodeSchema }),
]);
export type MfaCodeRequest = v.InferInput<typeof MfaCodeRequestSchema>;

/** The signed-in administrator's authenticator, as the login-information page shows it. */
export const AuthenticatorStatusSchema = v.object({
  /** ISO time the authenticator app was confirmed; null when none is set up. */
  addedAt: v.nullable(v.string()),
  /** Unused recovery codes left. */
  recoveryCodesLeft: v.number(),
});
export type AuthenticatorStatus = v.InferOutput<typeof AuthenticatorStatusSchema>;

/** POST /api/profile/authenticator/begin: a new secret to scan (its `otpauth://` URI) or type. */
export const AuthenticatorSetupSchema = v.object({
  /** Base32, as authenticator apps take it when typed. */
  secret: v.string(),
  /** `otpauth://totp/…`, shown as a QR code. */
  uri: v.string(),
});
export type AuthenticatorSetup = v.InferOutput<typeof AuthenticatorSetupSchema>;

/** POST /api/profile/authenticator/confirm: the app's first code. */
export const AuthenticatorConfirmRequestSchema = v.object({ code: CodeSchema });
export type AuthenticatorConfirmRequest = v.InferInput<typeof AuthenticatorConfirmRequestSchema>;

/** New recovery codes, shown once (the server keeps only their hashes). */
export const RecoveryCodesSchema = v.object({ recoveryCodes: v.array(v.string()) });
export type RecoveryCodes = v.InferOutput<typeof RecoveryCodesSchema>;
