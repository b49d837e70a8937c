/** What other features use of passkeys: the login information page's section. */
export { PasskeysSection } from './passkeys-page.tsx';
