/** What other machines may use of the login machines: the password challenge, shared with the third-party link (and its model samples). */
export { CHALLENGE_ON, CHALLENGE_ROUTE, CHALLENGE_STATES, challengeActions, challengeGuards, challengeIssues, challengeToken, NO_CHALLENGE, type PasswordChallengeContext } from './password-challenge.ts';
export { CHALLENGE_FILL, CHALLENGE_SOLVE, CHALLENGE_TOKEN, challengePaths } from './password-challenge.model.ts';
