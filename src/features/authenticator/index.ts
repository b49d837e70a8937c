/** What other features use of the authenticator app: its section, which the login information page shows school administrators. */
export { AuthenticatorSection } from './authenticator-section.tsx';
