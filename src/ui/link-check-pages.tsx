import { useIntl } from 'react-intl';
import { defineMessages } from '../i18n/define-messages.ts';
import type { ShownErrorCode } from '../i18n/error-messages.ts';
import { useRefusalText } from '../i18n/refusal-messages.ts';
import { Button } from './button.tsx';
import { ErrorSummary } from './error-summary.tsx';
import { Page } from './page.tsx';
import { WaitingPage } from './status-pages.tsx';

/** What activation and password reset say alike about their emailed link, word for word. */
export const linkCheckMessages = defineMessages({
  mayBeFine: {
    id: 'linkCheck.mayBeFine',
    defaultMessage: 'The link itself may be fine. Please try again.',
    description: 'Under the reason an emailed link could not be checked: checking it can be retried.',
  },
  retry: { id: 'linkCheck.retry', defaultMessage: 'Try again', description: 'Button that checks the emailed link again.' },
  leaving: {
    id: 'linkCheck.leaving',
    defaultMessage: 'This link cannot be used. Taking you to an explanation…',
    description: 'Shown briefly while the page moves on to the invalid-link page.',
  },
});

export interface LinkCheckPageProps {
  /** The page's heading (each flow words it its own way). */
  title: string;
  caption?: string;
}

/**
 * An emailed link that could not be checked (a machine's `checkFailed`, from `linkChecking` in
 * machines/form.ts): the reason, a word that the link itself may be fine, and a button that
 * checks it again.
 */
export function LinkCheckFailedPage({ title, caption, code, onRetry }: LinkCheckPageProps & { code: ShownErrorCode; onRetry: () => void }) {
  const intl = useIntl();
  const refusalText = useRefusalText();
  return (
    <Page title={title} caption={caption}>
      <ErrorSummary items={[{ text: refusalText(code) }]} />
      <p>{intl.formatMessage(linkCheckMessages.mayBeFine)}</p>
      <Button onClick={onRetry}>{intl.formatMessage(linkCheckMessages.retry)}</Button>
    </Page>
  );
}

/** A link that cannot be used (used, expired, unknown): a moment's word while the page moves on. */
export function LinkLeavingPage({ title, caption }: LinkCheckPageProps) {
  const intl = useIntl();
  return <WaitingPage title={title} caption={caption} focusHeading={false} label={intl.formatMessage(linkCheckMessages.leaving)} />;
}
