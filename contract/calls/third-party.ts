import { declareCall } from '../call.ts';
import { LoginAnswerSchema } from '../schemas/account.ts';
import {
  SsoAttachRequestSchema,
  SsoCallbackRequestSchema,
  SsoStartRequestSchema,
  ChooseAccountRequestSchema,
  UnlinkRequestSchema,
  LoginInfoSchema,
  SsoOutcomeSchema,
  SsoStartResultSchema,
} from '../schemas/third-party.ts';

/** Third-party sign-in and login information (issue 10 part A, SPEC §2, §8 Third-party link). */

export const start = declareCall({
  name: 'thirdParty.start',
  method: 'post',
  base: 'auth',
  path: 'sso/google/start',
  request: SsoStartRequestSchema,
  response: SsoStartResultSchema,
  codes: ['thirdPartyFailed', 'unauthorized'],
  summary: "Begins a Google sign-in (or, signed in, a link): answers the provider's URL and binds the flow to this browser by a cookie.",
});

export const callback = declareCall({
  name: 'thirdParty.callback',
  method: 'post',
  base: 'auth',
  path: 'sso/google/callback',
  request: SsoCallbackRequestSchema,
  response: SsoOutcomeSchema,
  codes: ['thirdPartyFailed', 'identifierUsed', 'accountInactive'],
  summary: 'Finishes the flow from the query the provider sent back (state, nonce, PKCE and issuer checked; usable once).',
  // The provider's answer as the callback page's query (up to 4,096 characters).
  bodyLimit: { bytes: 16 * 1024 },
});

export const attach = declareCall({
  name: 'thirdParty.attach',
  method: 'post',
  base: 'auth',
  path: 'sso/google/attach',
  request: SsoAttachRequestSchema,
  response: LoginAnswerSchema,
  codes: ['thirdPartyFailed', 'identifierUsed', 'loginFailed', 'loginThrottled', 'loginChallengeRequired', 'accountInactive'],
  summary: 'Attaches the identity waiting at /third-party-link to an existing account by its login name and password, then signs in.',
  // With a reCAPTCHA token once the account's guessing budget is spent (up to 4,000 characters).
  bodyLimit: { bytes: 16 * 1024 },
});

export const loginInfo = declareCall({
  name: 'thirdParty.loginInfo',
  method: 'get',
  path: 'users/login-info',
  session: true,
  response: LoginInfoSchema,
  summary: "The account's linked third-party identities (/profile/login-info).",
});

export const unlink = declareCall({
  name: 'thirdParty.unlink',
  method: 'post',
  path: 'users/login-info/unlink',
  session: true,
  request: UnlinkRequestSchema,
  response: LoginInfoSchema,
  codes: ['identityNotLinked', 'lastSignInMethod'],
  summary: 'Unlinks a third-party identity; refused when it is the only way left to sign in.',
});

export const chooseAccount = declareCall({
  name: 'thirdParty.chooseAccount',
  method: 'post',
  path: 'users/login-info/opens',
  session: true,
  request: ChooseAccountRequestSchema,
  response: LoginInfoSchema,
  codes: ['identityNotLinked', 'signInChoiceInvalid'],
  summary: 'Chooses the account a Google sign-in opens: this account or one of its associated old student accounts.',
});
