/** What other features use of third-party sign-in: the Google button and where its outcome leads. */
export { ThirdPartySignIn, useOutcomeNavigation } from './third-party-sign-in-page.tsx';
