import { defineMessages } from './define-messages.ts';

/** Strings of the app shell that belong to no single feature. */
export const appMessages = defineMessages({
  name: { id: 'app.name', defaultMessage: 'Account Portal', description: 'Product name in the header and in every page title.' },
  titleTemplate: {
    id: 'app.titleTemplate',
    defaultMessage: '{page} – {app}',
    description: 'Browser tab title: {page} is the page name, {app} the product name.',
  },
  skipToContent: { id: 'app.skipToContent', defaultMessage: 'Skip to main content', description: 'Link for keyboard users, first in the page.' },
  signOut: { id: 'app.signOut', defaultMessage: 'Log out', description: 'Header button that ends the session.' },
  signingOut: { id: 'app.signingOut', defaultMessage: 'Logging out…', description: 'Header button text while the session ends.' },
  loading: { id: 'app.loading', defaultMessage: 'Loading…', description: 'Announced while a page or request is loading.' },
  supportTeam: {
    id: 'app.supportTeam',
    defaultMessage: 'our support team',
    description: 'Stands in for the support email address when it could not be loaded.',
  },
  refusalPending: {
    id: 'app.refusalPending',
    defaultMessage: 'Loading the reason…',
    description: 'Stands in for the reason a request was refused while that text downloads (a moment, on the first refusal of a page).',
  },
  reloadTitle: { id: 'app.reloadTitle', defaultMessage: 'This page could not be loaded', description: 'Heading when a page chunk failed or timed out.' },
  reloadBody: {
    id: 'app.reloadBody',
    defaultMessage: 'The connection may be slow or the portal may have been updated. Reloading usually helps.',
    description: 'Explains the reload prompt.',
  },
  reload: { id: 'app.reload', defaultMessage: 'Reload the page', description: 'Button that reloads the browser page.' },
  footerLabel: { id: 'footer.label', defaultMessage: 'Support links', description: 'Accessible name of the footer links.' },
  footerHelp: { id: 'footer.help', defaultMessage: 'Help', description: 'Footer link to the help page.' },
  footerTerms: { id: 'footer.terms', defaultMessage: 'Terms of service', description: 'Footer link to the terms of service.' },
  footerPrivacy: { id: 'footer.privacy', defaultMessage: 'Privacy policy', description: 'Footer link to the privacy policy.' },
  footerAccessibility: { id: 'footer.accessibility', defaultMessage: 'Accessibility statement', description: 'Footer link to the accessibility statement.' },
});
