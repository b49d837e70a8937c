/** What other features use of the login: the throttled password sign-in's form and where it ends (the third-party link signs in with a password too). */
export { PasswordSignInForm } from './password-sign-in-form.tsx';
export { useSignInEnd } from './use-sign-in-end.ts';
