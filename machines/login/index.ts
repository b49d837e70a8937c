/** What other machines may use of the login machines: the throttled password sign-in and its challenge, shared with the third-party link (and its model samples), and the passkey samples the step-up dialog's model shares. */
export { CHALLENGE_ON, CHALLENGE_ROUTE, CHALLENGE_STATES, challengeActions, challengeGuards, challengeIssues, challengeToken, NO_CHALLENGE, type PasswordChallengeContext } from './password-challenge.ts';
export { CHALLENGE_FILL, CHALLENGE_SOLVE, CHALLENGE_TOKEN, challengePaths } from './password-challenge.model.ts';
export {
  passwordSignInPiece,
  SIGN_IN_ENDS,
  SIGN_IN_REFUSED_STATES,
  signInAnswer,
  signInContext,
  signInRequest,
  signInSubmitting,
  type PasswordSignInContext,
  type PasswordSignInEvent,
  type PasswordSignInRequest,
  type PasswordSignInValues,
} from './password-sign-in.ts';
export { SAMPLE_ASSERTION, SAMPLE_REQUEST_OPTIONS } from './passkey-samples.ts';
