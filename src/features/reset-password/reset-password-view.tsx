import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { resetPasswordMachine } from '../../../machines/reset-password/reset-password.machine.ts';
import { RouteLink } from '../../shell/route-link.tsx';
import { FormPage } from '../../ui/form-page.tsx';
import { LinkCheckFailedPage, LinkLeavingPage } from '../../ui/link-check-pages.tsx';
import { DonePage, WaitingPage } from '../../ui/status-pages.tsx';
import { NewPasswordFields } from '../../ui/new-password-fields.tsx';
import { useFormState } from '../../ui/use-form-state.ts';
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

function Checking() {
  const intl = useIntl();
  return <WaitingPage title={intl.formatMessage(m.checkingTitle)} label={intl.formatMessage(m.checking)} />;
}

function CheckFailed({ actor }: { actor: ResetPasswordActor }) {
  const intl = useIntl();
  const code = useSelector(actor, (snapshot) => snapshot.context.errorCode ?? 'unknown');
  return <LinkCheckFailedPage title={intl.formatMessage(m.checkFailedTitle)} code={code} onRetry={() => actor.send({ type: 'retry' })} />;
}

function ResetForm({ actor }: { actor: ResetPasswordActor }) {
  const form = useFormState(actor);
  const policy = useSelector(actor, (snapshot) => snapshot.context.policy);
  const loginId = useSelector(actor, (snapshot) => snapshot.context.record?.loginId ?? '');

  return (
    <FormPage messages={m} leadValues={{ loginId }} form={form}>
      <NewPasswordFields policy={policy} values={form.values} errorFor={form.errorFor} onChange={form.set} userInputs={loginId ? [loginId] : []} />
    </FormPage>
  );
}

function Done() {
  const intl = useIntl();
  return (
    <DonePage title={intl.formatMessage(m.doneTitle)} body={intl.formatMessage(m.doneBody)}>
      <p>
        <RouteLink to="/{-$lang}/login">{intl.formatMessage(m.logIn)}</RouteLink>
      </p>
    </DonePage>
  );
}

function Leaving() {
  const intl = useIntl();
  return <LinkLeavingPage title={intl.formatMessage(m.checkingTitle)} />;
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
