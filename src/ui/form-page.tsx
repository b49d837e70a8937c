import type { FormEvent, ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Button, ButtonGroup } from './button.tsx';
import { ErrorSummary, type ErrorSummaryItem } from './error-summary.tsx';
import { Page, type PageProps } from './page.tsx';

export interface FormPageProps extends Omit<PageProps, 'children'> {
  /** What `useFormState` gives: the summary's items, the attempt count, the handler, busy. */
  form: { items: readonly ErrorSummaryItem[]; attempt?: number; onSubmit: (event?: FormEvent) => void; busy: boolean };
  /** The submit button's text, and its text while the form is sent. */
  submit: MessageDescriptor;
  submitting: MessageDescriptor;
  /** Buttons beside the submit button (e.g. skip), grouped with it. */
  besideSubmit?: ReactNode;
  /** Between the error summary and the form (e.g. a notice about the step before). */
  before?: ReactNode;
  /** The form's fields. */
  children: ReactNode;
  /** Under the form (e.g. links onward). */
  after?: ReactNode;
}

/**
 * The frame of every form page: the page, its error summary (focused again on each attempt),
 * the form with its fields and its submit button, and what follows the form. The views give
 * the fields; the frame is written once.
 */
export function FormPage({ form, submit, submitting, besideSubmit, before, children, after, ...page }: FormPageProps) {
  const intl = useIntl();
  const submitButton = (
    <Button type="submit" busy={form.busy}>
      {intl.formatMessage(form.busy ? submitting : submit)}
    </Button>
  );
  return (
    <Page {...page}>
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
      {after}
    </Page>
  );
}
