import * as v from 'valibot';
import { requiredText } from './common.ts';

// ---- Passkeys (issue 23; docs/decisions/passkeys.md) ------------------------------------------

/** A challenge (and the pre-sign-in cookie) lives this long. */
export const PASSKEY_CHALLENGE_MINUTES = 5;
/** A passkey's name as the user gives it. */
export const PASSKEY_NAME_MAX = 60;

const base64url = (max: number) => v.pipe(v.string('format'), v.maxLength(max, 'format'), v.regex(/^[A-Za-z0-9_-]*={0,2}$/, 'format'));
const transports = v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(20))), v.maxLength(10)));
const attachment = v.optional(v.picklist(['platform', 'cross-platform']));
/** Extension results are not used; whatever the browser sends is dropped (v.object keeps only known keys). */
const extensions = v.optional(v.object({}));

export const PasskeyNameSchema = requiredText(PASSKEY_NAME_MAX);

/** What `navigator.credentials.create` answered, as @simplewebauthn/browser encodes it (RegistrationResponseJSON). */
export const PasskeyRegistrationResponseSchema = v.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: v.literal('public-key'),
  response: v.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16384),
    transports,
  }),
  authenticatorAttachment: attachment,
  clientExtensionResults: extensions,
});
export type PasskeyRegistrationResponse = v.InferOutput<typeof PasskeyRegistrationResponseSchema>;

/** What `navigator.credentials.get` answered (AuthenticationResponseJSON). */
export const PasskeyAuthenticationResponseSchema = v.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: v.literal('public-key'),
  response: v.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(1024),
    userHandle: v.optional(base64url(512)),
  }),
  authenticatorAttachment: attachment,
  clientExtensionResults: extensions,
});
export type PasskeyAuthenticationResponse = v.InferOutput<typeof PasskeyAuthenticationResponseSchema>;

/** The options for `navigator.credentials.create` (PublicKeyCredentialCreationOptionsJSON): passed to the browser as they are. */
export const PasskeyCreationOptionsSchema = v.looseObject({
  challenge: v.string(),
  rp: v.looseObject({ name: v.string() }),
  user: v.looseObject({ id: v.string(), name: v.string(), displayName: v.string() }),
  pubKeyCredParams: v.array(v.looseObject({ alg: v.number(), type: v.string() })),
});
export type PasskeyCreationOptions = v.InferOutput<typeof PasskeyCreationOptionsSchema>;

/** The options for `navigator.credentials.get` (PublicKeyCredentialRequestOptionsJSON). */
export const PasskeyRequestOptionsSchema = v.looseObject({ challenge: v.string() });
export type PasskeyRequestOptions = v.InferOutput<typeof PasskeyRequestOptionsSchema>;

export const PasskeyRegisterRequestSchema = v.object({ response: PasskeyRegistrationResponseSchema, name: PasskeyNameSchema });
export type PasskeyRegisterRequest = v.InferInput<typeof PasskeyRegisterRequestSchema>;

export const PasskeyAssertionRequestSchema = v.object({ response: PasskeyAuthenticationResponseSchema });
export type PasskeyAssertionRequest = v.InferInput<typeof PasskeyAssertionRequestSchema>;

const PasskeyIdSchema = v.pipe(v.string('required'), v.nonEmpty('required'), v.maxLength(1400, 'format'));
export const PasskeyRenameRequestSchema = v.object({ id: PasskeyIdSchema, name: PasskeyNameSchema });
export type PasskeyRenameRequest = v.InferInput<typeof PasskeyRenameRequestSchema>;
export const PasskeyRemoveRequestSchema = v.object({ id: PasskeyIdSchema });
export type PasskeyRemoveRequest = v.InferInput<typeof PasskeyRemoveRequestSchema>;

/** One of the account's passkeys as the login-information page lists it: never its key. */
export const PasskeySummarySchema = v.object({
  id: v.string(),
  name: v.string(),
  /** ISO times. */
  createdAt: v.string(),
  lastUsedAt: v.nullable(v.string()),
});
export type PasskeySummary = v.InferOutput<typeof PasskeySummarySchema>;

export const PasskeyListSchema = v.object({ passkeys: v.array(PasskeySummarySchema) });
export type PasskeyList = v.InferOutput<typeof PasskeyListSchema>;

/**
 * The body a passkey's answer needs (authenticator data, client data and signature as base64url,
 * at their caps in PasskeyAssertionRequestSchema): the sign-in's and the step-up's limit.
 */
export const PASSKEY_ASSERTION_BODY = { bytes: 40 * 1024 } as const;
