/** What other features use of the login: the throttled password sign-in's form, its challenge widget (association and the upgrade's link check a password too) and where it ends (the third-party link signs in with a password too). */
export { PasswordChallenge } from './password-challenge.tsx';
export { PasswordSignInForm } from './password-sign-in-form.tsx';
export { useSignInEnd } from './use-sign-in-end.ts';
