import type { FormEvent, ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { RouteLink } from '../shell/route-link.tsx';
import { Button, ButtonGroup } from './button.tsx';
import { cx } from './cx.ts';
import { ErrorSummary, type ErrorSummaryItem } from './error-summary.tsx';
import styles from './form-page.module.css';
import { Page } from './page.tsx';

/** A form page's own texts: its heading, its lead (optional), the submit button and its busy text. */
export interface FormPageMessages {
  title: MessageDescriptor;
  lead?: MessageDescriptor;
  submit: MessageDescriptor;
  submitting: MessageDescriptor;
}

export interface FormPageProps {
  messages: FormPageMessages;
  /** Values for the lead's placeholders. */
  leadValues?: Record<string, string>;
  caption?: string;
  /** What `useFormState` gives: the summary's items, the attempt count, the handler, busy. */
  form: { items: readonly ErrorSummaryItem[]; attempt?: number; onSubmit: (event?: FormEvent) => void; busy: boolean };
  /** Buttons beside the submit button (e.g. skip), grouped with it. */
  besideSubmit?: ReactNode;
  /** Between the error summary and the form (e.g. a notice about the step before). */
  before?: ReactNode;
  /** The form's fields. */
  children: ReactNode;
  /** A quiet link under the form, the way onward for those who came to the wrong form. */
  link?: { to: string; text: MessageDescriptor };
}

/**
 * The frame of every form page: the page, its error summary (focused again on each attempt),
 * the form with its fields and its submit button, and a link onward under the form. The views
 * give the fields and their texts; the frame is written once.
 */
export function FormPage({ messages, leadValues, caption, form, besideSubmit, before, children, link }: FormPageProps) {
  const intl = useIntl();
  const submitButton = (
    <Button type="submit" busy={form.busy}>
      {intl.formatMessage(form.busy ? messages.submitting : messages.submit)}
    </Button>
  );
  return (
    <Page title={intl.formatMessage(messages.title)} caption={caption} lead={messages.lead ? intl.formatMessage(messages.lead, leadValues) : undefined}>
      <ErrorSummary items={form.items} focusKey={form.attempt} />
      {before}
      <form noValidate onSubmit={form.onSubmit}>
        {children}
        {besideSubmit ? (
          <ButtonGroup>
            {submitButton}
            {besideSubmit}
          </ButtonGroup>
        ) : (
          submitButton
        )}
      </form>
      {link ? (
        <p className={cx(styles.muted)}>
          <RouteLink to={link.to}>{intl.formatMessage(link.text)}</RouteLink>
        </p>
      ) : null}
    </Page>
  );
}
