import { useIntl, type MessageDescriptor } from 'react-intl';
import type { AnyActorRef } from 'xstate';
import type { ShownErrorCode } from '../i18n/error-messages.ts';
import { useRefusalText } from '../i18n/refusal-messages.ts';
import { Button } from './button.tsx';
import { Notice } from './notice.tsx';
import { Page, type PageProps } from './page.tsx';
import { Spinner } from './spinner.tsx';

/** A page that only waits: its heading and a spinner saying what for. */
export function WaitingPage({ label, ...page }: Omit<PageProps, 'children'> & { label: string }) {
  return (
    <Page {...page}>
      <Spinner label={label} />
    </Page>
  );
}

export interface RetryPageProps {
  /** The machine that failed: the button sends it `retry`. */
  actor: AnyActorRef;
  title: string;
  /** The warning's heading: what could not be done. */
  heading: MessageDescriptor;
  /** Why (a catalogue code, read with the support address filled in). */
  code: ShownErrorCode;
  /** The retry button's text. */
  retry: MessageDescriptor;
}

/**
 * A page whose reading failed (offline, server trouble): the warning with its reason, announced,
 * and a button to try again. Every page that loads something and can retry shows this.
 */
export function RetryPage({ actor, title, heading, code, retry }: RetryPageProps) {
  const intl = useIntl();
  const refusalText = useRefusalText();
  return (
    <Page title={title}>
      <Notice tone="warning" title={intl.formatMessage(heading)} live>
        <p>{refusalText(code)}</p>
      </Notice>
      <Button onClick={() => actor.send({ type: 'retry' })}>{intl.formatMessage(retry)}</Button>
    </Page>
  );
}

/** A page that says something was done: the announced success notice with its text, then what comes next. */
export function DonePage({ body, children, ...page }: PageProps & { body: string }) {
  return (
    <Page {...page}>
      <Notice tone="success" live>
        <p>{body}</p>
      </Notice>
      {children}
    </Page>
  );
}
