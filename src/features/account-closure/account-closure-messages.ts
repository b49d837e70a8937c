import { defineMessages } from '../../i18n/define-messages.ts';

export const accountClosureMessages = defineMessages({
  title: { id: 'accountClosure.title', defaultMessage: 'Close my account', description: 'Heading, tab title and menu entry of the account closure page (/profile/account-closure).' },
  lead: {
    id: 'accountClosure.lead',
    defaultMessage: 'Closing your account signs you out everywhere. {days} days later, your account and its personal data are erased for good.',
    description: 'Introduction under the Close my account heading; {days} is the grace period in days (14).',
  },
  goesHeading: { id: 'accountClosure.goes.heading', defaultMessage: 'What will be erased', description: 'Heading of what closing the account erases.' },
  goes: {
    id: 'accountClosure.goes',
    defaultMessage:
      'Your login ID, password and profile; your emails and mobile number; newsletter subscriptions; linked accounts such as Google; your family membership; account associations; sessions and sign-in history.',
    description: 'What the erasure removes, as one sentence (a list separated by semicolons).',
  },
  graceHeading: { id: 'accountClosure.grace.heading', defaultMessage: 'Changed your mind?', description: 'Heading of the paragraph about the grace period.' },
  grace: {
    id: 'accountClosure.grace',
    defaultMessage: 'Log in within {days} days and cancel the closure: your account stays as it was. We email your login email address when the closure starts and when it is cancelled.',
    description: 'How to undo a closure within the grace period; {days} is the number of days (14).',
  },
  myDataHint: { id: 'accountClosure.myDataHint', defaultMessage: 'You may want to download your data first.', description: 'Link text to the My data page, above the close button.' },
  start: { id: 'accountClosure.start', defaultMessage: 'Close my account', description: 'Button that opens the confirmation to close the account.' },
  confirmTitle: { id: 'accountClosure.confirm.title', defaultMessage: 'Close your account?', description: 'Title of the confirmation dialog before closing the account.' },
  confirmBody: {
    id: 'accountClosure.confirm.body',
    defaultMessage: 'You will be signed out everywhere, and your personal data will be erased after {days} days unless you log in and cancel.',
    description: 'Text of the confirmation dialog before closing the account; {days} is the grace period in days.',
  },
  confirm: { id: 'accountClosure.confirm', defaultMessage: 'Yes, close my account', description: 'Confirm button of the dialog that closes the account.' },
  closing: { id: 'accountClosure.closing', defaultMessage: 'Closing your account…', description: 'Busy text while the account is being closed.' },
  loading: { id: 'accountClosure.loading', defaultMessage: 'Checking your account…', description: 'Busy text while the closure status is loaded.' },
  refusedTitle: { id: 'accountClosure.refusedTitle', defaultMessage: 'This account cannot be closed here', description: 'Title of the notice when the server refuses to close the account.' },
  toFamily: { id: 'accountClosure.toFamily', defaultMessage: 'Go to my family', description: 'Link to the family page, shown when the last family admin must hand over first.' },
  failedTitle: { id: 'accountClosure.failedTitle', defaultMessage: 'Your account was not closed', description: 'Title of the notice when closing failed (not reached).' },
  loadFailedTitle: { id: 'accountClosure.loadFailedTitle', defaultMessage: 'We could not check your account', description: 'Title of the notice when the closure status could not be loaded.' },
  retry: { id: 'accountClosure.retry', defaultMessage: 'Try again', description: 'Button that tries the failed step again.' },
  closedTitle: { id: 'accountClosure.closedTitle', defaultMessage: 'Your account is closed', description: 'Title of the confirmation after closing the account (signed out).' },
  closed: {
    id: 'accountClosure.closed',
    defaultMessage: 'You have been signed out. Your personal data will be erased on {eraseAt}. To keep your account, log in before then and cancel the closure.',
    description: 'Confirmation after closing; {eraseAt} is the erasure date and time with "(Hong Kong time)".',
  },
  toLogin: { id: 'accountClosure.toLogin', defaultMessage: 'Log in', description: 'Link to the login page on the account-closed confirmation.' },
  pendingTitle: { id: 'accountClosure.pendingTitle', defaultMessage: 'Your account is being closed', description: 'Title of the notice on the profile pages while the account is in its grace period.' },
  pending: {
    id: 'accountClosure.pending',
    defaultMessage: 'Your personal data will be erased on {eraseAt}. Cancel the closure to keep your account.',
    description: 'Notice during the grace period; {eraseAt} is the erasure date and time with "(Hong Kong time)".',
  },
  cancel: { id: 'accountClosure.cancel', defaultMessage: 'Cancel closure', description: 'Button that cancels the account closure during the grace period.' },
  cancelling: { id: 'accountClosure.cancelling', defaultMessage: 'Cancelling…', description: 'Busy text while the closure is cancelled.' },
  cancelFailedTitle: { id: 'accountClosure.cancelFailedTitle', defaultMessage: 'The closure was not cancelled', description: 'Title of the notice when cancelling the closure failed.' },
  cancelledTitle: { id: 'accountClosure.cancelledTitle', defaultMessage: 'Closure cancelled', description: 'Title of the notice after the closure was cancelled.' },
  cancelled: { id: 'accountClosure.cancelled', defaultMessage: 'Your account stays as it was.', description: 'Text of the notice after the closure was cancelled.' },
});
