import { FormattedMessage, useIntl } from 'react-intl';
import { defineMessages } from '../i18n/define-messages.ts';
import { appMessages } from '../i18n/app-messages.ts';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';
import { useRefusalText } from '../i18n/refusal-messages.ts';

export type FatalReason = 'sessionExpired' | 'signedOut' | 'server';

export const fatalMessages = defineMessages({
  sessionExpiredTitle: { id: 'fatal.sessionExpired.title', defaultMessage: 'Session expired', description: 'Title of the dialog after a 401 while signed in.' },
  sessionExpiredBody: {
    id: 'fatal.sessionExpired.body',
    defaultMessage: 'Session has expired, please log in again and try.',
    description: 'SPEC §8 wording after a 401 while signed in.',
  },
  sessionExpiredAction: { id: 'fatal.sessionExpired.action', defaultMessage: 'Log in again', description: 'Button closing the session-expired dialog; leads to the login page.' },
  signedOutTitle: {
    id: 'fatal.signedOut.title',
    defaultMessage: 'You have been signed out',
    description: 'Title of the dialog after a 401 sessionSignedOut while signed in: another browser, a password change or reset ended this session.',
  },
  serverTitle: { id: 'fatal.server.title', defaultMessage: 'Something went wrong', description: 'Title of the dialog after a server failure (HTTP 500 or above).' },
  serverBody: {
    id: 'fatal.server.body',
    defaultMessage: 'Something went wrong, please log in and try again later. If the problem persists, please contact us at {supportEmail}.',
    description: 'SPEC §8 wording after a server failure; {supportEmail} is the support address as a link.',
  },
  serverAction: { id: 'fatal.server.action', defaultMessage: 'Close', description: 'Button closing the server-failure dialog.' },
});

export interface FatalErrorDialogProps {
  /** null while nothing is wrong (the dialog is closed). */
  reason: FatalReason | null;
  supportEmail: string | null;
  onDismiss: () => void;
}

/** The global error dialog of SPEC §8: session expired (or ended from elsewhere), or anything ≥500. */
export function FatalErrorDialog({ reason, supportEmail, onDismiss }: FatalErrorDialogProps) {
  const intl = useIntl();
  const refusalText = useRefusalText();
  const address = supportEmail ? <a href={`mailto:${supportEmail}`}>{supportEmail}</a> : intl.formatMessage(appMessages.supportTeam);
  // Someone else ending the session is not "expired" (issue 26, item 12): its own title, and the
  // server's `sessionSignedOut` words, which the login page shows too.
  const words =
    reason === 'signedOut'
      ? { title: fatalMessages.signedOutTitle, description: refusalText('sessionSignedOut'), action: fatalMessages.sessionExpiredAction }
      : reason === 'sessionExpired'
        ? { title: fatalMessages.sessionExpiredTitle, description: intl.formatMessage(fatalMessages.sessionExpiredBody), action: fatalMessages.sessionExpiredAction }
        : { title: fatalMessages.serverTitle, description: <FormattedMessage {...fatalMessages.serverBody} values={{ supportEmail: address }} />, action: fatalMessages.serverAction };
  return (
    <Dialog
      open={reason !== null}
      tone="alert"
      onOpenChange={(open) => {
        if (!open) onDismiss();
      }}
      title={intl.formatMessage(words.title)}
      description={words.description}
      actions={
        <Button variant="primary" onClick={onDismiss}>
          {intl.formatMessage(words.action)}
        </Button>
      }
    />
  );
}
