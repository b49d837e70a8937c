import * as v from 'valibot';
import { EMAIL_MAX } from '../constants.ts';
import { UserSchema } from './account.ts';
import { PasswordSchema, RecaptchaSchema, requiredText } from './common.ts';

/** Third-party sign-in (issue 10 part A; docs/decisions/third-party.md). */

export const THIRD_PARTY_PROVIDERS = ['google'] as const;
export type ThirdPartyProvider = (typeof THIRD_PARTY_PROVIDERS)[number];
export const ThirdPartyProviderSchema = v.picklist(THIRD_PARTY_PROVIDERS);

/** What the authorization is for: signing in, or linking to the signed-in account. */
export const SSO_PURPOSES = ['signIn', 'link'] as const;
export type SsoPurpose = (typeof SSO_PURPOSES)[number];

/** `popup`: the flow runs in a popup whose callback page tells the opener, then closes itself. */
export const SsoStartRequestSchema = v.object({ purpose: v.picklist(SSO_PURPOSES), popup: v.boolean() });

export const SsoStartResultSchema = v.object({
  /** Where the browser (popup or page) goes next: the provider's sign-in. */
  authorizationUrl: v.string(),
});
export type SsoStartResult = v.InferOutput<typeof SsoStartResultSchema>;

/** The query the provider sent the browser back with (`?code=…&state=…&iss=…` or `?error=…`). */
export const SsoCallbackRequestSchema = v.object({ search: v.pipe(v.string(), v.maxLength(4096)) });

/** The flow began in a popup (thirdParty.start `popup`): the callback page tells the opener and closes. */
const inPopup = { inPopup: v.boolean() };

/**
 * The outcome of the way back: signed in; a second factor to give (school administrators, as
 * password login); an identity linked to no account (go to /third-party-link); or linked to the
 * signed-in account (purpose `link`).
 */
export const SsoOutcomeSchema = v.variant('outcome', [
  v.object({ outcome: v.literal('signedIn'), user: UserSchema, ...inPopup }),
  v.object({ outcome: v.literal('secondFactor'), setupNeeded: v.boolean(), expiresAt: v.string(), ...inPopup }),
  v.object({ outcome: v.literal('linkNeeded'), email: v.nullable(v.string()), ...inPopup }),
  v.object({ outcome: v.literal('linked'), provider: ThirdPartyProviderSchema, ...inPopup }),
]);
export type SsoOutcome = v.InferOutput<typeof SsoOutcomeSchema>;

/** POST /auth/sso/attach: the existing account's login name (or email) and password. */
export const SsoAttachRequestSchema = v.object({
  loginId: v.pipe(requiredText(EMAIL_MAX), v.toLowerCase()),
  password: PasswordSchema,
  /** As in the password login: the reCAPTCHA token once `loginChallengeRequired` was answered. */
  recaptchaToken: v.optional(RecaptchaSchema),
});
export type SsoAttachRequest = v.InferInput<typeof SsoAttachRequestSchema>;

/** A third-party identity linked to the account. */
const LinkedIdentitySchema = v.object({
  provider: ThirdPartyProviderSchema,
  email: v.nullable(v.string()),
  /** ISO time it was linked. */
  linkedAt: v.string(),
});
export type LinkedIdentity = v.InferOutput<typeof LinkedIdentitySchema>;

/** An account a third-party sign-in may open: the member's own, or an associated old student account. */
const SignInChoiceSchema = v.object({
  userId: v.string(),
  loginId: v.string(),
  displayName: v.string(),
  /** The signed-in account itself. */
  own: v.boolean(),
});
export type SignInChoice = v.InferOutput<typeof SignInChoiceSchema>;

/**
 * A link made by the student-member upgrade's "link" choice (docs/decisions/student-upgrade.md):
 * `member` on the student member's page (the member account it was linked to), `student` on the
 * member account's page (a student member account linked to it).
 */
const MemberLinkSchema = v.object({
  side: v.picklist(['member', 'student']),
  loginId: v.string(),
  displayName: v.string(),
  /** ISO time the upgrade linked them. */
  linkedAt: v.string(),
});
export type MemberLink = v.InferOutput<typeof MemberLinkSchema>;

export const LoginInfoSchema = v.object({
  identities: v.array(LinkedIdentitySchema),
  /** The member links of the student-member upgrade, oldest first. */
  memberLinks: v.array(MemberLinkSchema),
  /** The account has a password: unlinking its last identity still leaves a way in. */
  hasPassword: v.boolean(),
  choices: v.array(SignInChoiceSchema),
  /** The account a Google sign-in opens now (one of `choices`), or null when there is no choice. */
  opensUserId: v.nullable(v.string()),
});
export type LoginInfo = v.InferOutput<typeof LoginInfoSchema>;

/** POST users/login-info/opens: the account the provider's identity opens from now on. */
export const ChooseAccountRequestSchema = v.object({ provider: ThirdPartyProviderSchema, userId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)) });

export const UnlinkRequestSchema = v.object({ provider: ThirdPartyProviderSchema });
