import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { resetPasswordMachine } from '../../../machines/reset-password/reset-password.machine.ts';
import { useErrorText, useFieldErrors } from '../../i18n/use-form-errors.ts';
import { RouteLink } from '../../shell/route-link.tsx';
import { Button } from '../../ui/button.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { Notice } from '../../ui/notice.tsx';
import { Page } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { NewPasswordFields } from '../../ui/new-password-fields.tsx';
import { resetPasswordMessages as m } from './reset-password-messages.ts';

type ResetPasswordActor = ActorRefFrom<typeof resetPasswordMachine>;
type ResetPasswordSnapshot = SnapshotFrom<typeof resetPasswordMachine>;

type Step = 'checking' | 'checkFailed' | 'form' | 'done' | 'leaving';

function stepOf(snapshot: ResetPasswordSnapshot): Step {
  if (snapshot.matches('checking')) return 'checking';
  if (snapshot.matches('checkFailed')) return 'checkFailed';
  if (snapshot.matches('editing') || snapshot.matches('submitting')) return 'form';
  if (snapshot.matches('done')) return 'done';
  // used, expired, notFound: the page is on its way to the invalid-link page.
  return 'leaving';
}

function failureOf(snapshot: ResetPasswordSnapshot) {
  return snapshot.matches({ editing: 'failed' }) || snapshot.matches('checkFailed') ? (snapshot.context.errorCode ?? 'unknown') : null;
}

function Checking() {
  const intl = useIntl();
  return (
    <Page title={intl.formatMessage(m.checkingTitle)}>
      <Spinner label={intl.formatMessage(m.checking)} />
    </Page>
  );
}

function CheckFailed({ actor }: { actor: ResetPasswordActor }) {
  const intl = useIntl();
  const failure = useSelector(actor, failureOf);
  const errorText = useErrorText();
  return (
    <Page title={intl.formatMessage(m.checkFailedTitle)}>
      <ErrorSummary items={[{ text: errorText(failure ?? 'unknown') }]} />
      <p>{intl.formatMessage(m.checkFailedBody)}</p>
      <Button onClick={() => actor.send({ type: 'retry' })}>{intl.formatMessage(m.retry)}</Button>
    </Page>
  );
}

function ResetForm({ actor }: { actor: ResetPasswordActor }) {
  // Counts submissions so the error summary takes focus again when the same errors come back.
  const [attempt, setAttempt] = useState(0);
  const intl = useIntl();
  const values = useSelector(actor, (snapshot) => snapshot.context.values);
  const policy = useSelector(actor, (snapshot) => snapshot.context.policy);
  const loginId = useSelector(actor, (snapshot) => snapshot.context.record?.loginId ?? '');
  const issues = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const failure = useSelector(actor, failureOf);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const { summary, errorFor } = useFieldErrors(issues);
  const errorText = useErrorText();

  const items = failure ? [...summary, { text: errorText(failure) }] : summary;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAttempt((count) => count + 1);
    actor.send({ type: 'form.submit' });
  };

  return (
    <Page title={intl.formatMessage(m.title)} lead={intl.formatMessage(m.lead, { loginId })}>
      <ErrorSummary items={items} focusKey={attempt} />
      <form noValidate onSubmit={onSubmit}>
        <NewPasswordFields
          policy={policy}
          values={values}
          errorFor={errorFor}
          onChange={(field, value) => actor.send({ type: 'form.change', field, value })}
          userInputs={loginId ? [loginId] : []}
        />
        <Button type="submit" busy={busy}>
          {intl.formatMessage(busy ? m.submitting : m.submit)}
        </Button>
      </form>
    </Page>
  );
}

function Done() {
  const intl = useIntl();
  return (
    <Page title={intl.formatMessage(m.doneTitle)}>
      <Notice tone="success" live>
        <p>{intl.formatMessage(m.doneBody)}</p>
      </Notice>
      <p>
        <RouteLink to="/{-$lang}/login">{intl.formatMessage(m.logIn)}</RouteLink>
      </p>
    </Page>
  );
}

function Leaving() {
  const intl = useIntl();
  return (
    <Page title={intl.formatMessage(m.checkingTitle)} focusHeading={false}>
      <Spinner label={intl.formatMessage(m.leaving)} />
    </Page>
  );
}

/** Reset by emailed link: the link is checked, then a new password is chosen. */
export function ResetPasswordView({ actor }: { actor: ResetPasswordActor }) {
  const step = useSelector(actor, stepOf);
  // Each step is its own component and Page, so arriving at a step moves focus to its heading.
  switch (step) {
    case 'checking':
      return <Checking />;
    case 'checkFailed':
      return <CheckFailed actor={actor} />;
    case 'form':
      return <ResetForm actor={actor} />;
    case 'done':
      return <Done />;
    case 'leaving':
      return <Leaving />;
  }
}
