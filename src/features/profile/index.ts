/** What other features use of the profile: the account categories in the page's words (association names the account it checked). */
export { categoryMessages } from './profile-messages.ts';
