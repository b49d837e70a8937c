/** What other features use of the login: the password challenge's widget (the third-party link signs in with a password too). */
export { PasswordChallenge } from './password-challenge.tsx';
