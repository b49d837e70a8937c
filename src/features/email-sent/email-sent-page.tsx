import { useSettings } from '../../shell/app-context.tsx';
import { Notice } from '../../ui/notice.tsx';
import { Page } from '../../ui/page.tsx';

export interface EmailSentPageProps {
  /** The address the link went to: in development, the mailbox link opens its messages. */
  email: string;
  title: string;
  body: string;
  /** What to do when the email does not arrive. */
  spam: string;
  devMailbox: string;
}

/** "Check your email" after a form sent a link (registration, the public newsletter page). */
export function EmailSentPage({ email, title, body, spam, devMailbox }: EmailSentPageProps) {
  const settings = useSettings();
  return (
    <Page title={title}>
      <Notice tone="success" live>
        <p>{body}</p>
      </Notice>
      <p>{spam}</p>
      {settings?.devMailbox ? (
        <p>
          <a href={`/dev/mailbox?to=${encodeURIComponent(email)}`}>{devMailbox}</a>
        </p>
      ) : null}
    </Page>
  );
}
