import { defineMessages } from '../../i18n/define-messages.ts';

export const errorPageMessages = defineMessages({
  notFoundTitle: { id: 'notFound.title', defaultMessage: 'Page not found', description: 'Heading of the 404 page.' },
  notFoundBody: {
    id: 'notFound.body',
    defaultMessage: 'If you typed the web address, check it is correct. If you pasted it, check you copied the entire address.',
    description: 'Body of the 404 page.',
  },
  forbiddenTitle: { id: 'forbidden.title', defaultMessage: 'You do not have permission to view this page', description: 'Heading of the 403 page.' },
  forbiddenBody: {
    id: 'forbidden.body',
    defaultMessage: 'Your account cannot use this part of the portal. If you think it should, contact us at {supportEmail}.',
    description: 'Body of the 403 page; {supportEmail} is the support address.',
  },
  home: { id: 'errorPage.home', defaultMessage: 'Go to the home page', description: 'Link from the 403 and 404 pages to the home page.' },
});
