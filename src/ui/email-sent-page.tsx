import { useIntl, type MessageDescriptor } from 'react-intl';
import { useSettings } from '../shell/app-context.tsx';
import { Notice } from './notice.tsx';
import { Page } from './page.tsx';

/** The page's own texts; `sentBody` takes `{email}` and the page's `values`. */
export interface EmailSentMessages {
  sentTitle: MessageDescriptor;
  sentBody: MessageDescriptor;
  /** What to do when the email does not arrive. */
  sentSpam: MessageDescriptor;
  devMailbox: MessageDescriptor;
}

/** "Check your email" after a form sent a link (registration, the public newsletter page). */
export function EmailSentPage({ email, messages, values = {} }: { email: string; messages: EmailSentMessages; values?: Record<string, string | number> }) {
  const intl = useIntl();
  const settings = useSettings();
  return (
    <Page title={intl.formatMessage(messages.sentTitle)}>
      <Notice tone="success" live>
        <p>{intl.formatMessage(messages.sentBody, { ...values, email })}</p>
      </Notice>
      <p>{intl.formatMessage(messages.sentSpam)}</p>
      {/* In development, the mailbox link opens the messages to this address. */}
      {settings?.devMailbox ? (
        <p>
          <a href={`/dev/mailbox?to=${encodeURIComponent(email)}`}>{intl.formatMessage(messages.devMailbox)}</a>
        </p>
      ) : null}
    </Page>
  );
}
