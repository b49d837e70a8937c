/** What other features may use of email changes: the profile pages' lazy panel. */
export { LazyEmailChangePanel } from './email-change-lazy.tsx';
