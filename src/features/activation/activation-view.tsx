import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { SubscriptionService } from '../../../contract/constants.ts';
import type { activationMachine } from '../../../machines/activation/activation.machine.ts';
import { RouteLink } from '../../shell/route-link.tsx';
import { Button } from '../../ui/button.tsx';
import { FormPage } from '../../ui/form-page.tsx';
import { LinkCheckFailedPage, LinkLeavingPage } from '../../ui/link-check-pages.tsx';
import { Notice } from '../../ui/notice.tsx';
import { DonePage, WaitingPage } from '../../ui/status-pages.tsx';
import { NewPasswordFields } from '../../ui/new-password-fields.tsx';
import { ServiceCheckboxes } from '../../ui/service-checkboxes.tsx';
import { useFormState } from '../../ui/use-form-state.ts';
import { activationMessages as m } from './activation-messages.ts';

type ActivationActor = ActorRefFrom<typeof activationMachine>;
type ActivationSnapshot = SnapshotFrom<typeof activationMachine>;

type Step = 'checking' | 'checkFailed' | 'setPassword' | 'subscribe' | 'done' | 'leaving';

function stepOf(snapshot: ActivationSnapshot): Step {
  if (snapshot.matches('checking')) return 'checking';
  if (snapshot.matches('checkFailed')) return 'checkFailed';
  if (snapshot.matches('setPassword')) return 'setPassword';
  if (snapshot.matches('subscribe') || snapshot.matches('subscribing')) return 'subscribe';
  if (snapshot.matches('done')) return 'done';
  // used, expired, notFound: the page is on its way to the invalid-link page.
  return 'leaving';
}

export const SERVICE_MESSAGES: Record<SubscriptionService, MessageDescriptor> = {
  edPost: m.serviceEdPost,
  teacherInfo: m.serviceTeacherInfo,
  parentInfo: m.serviceParentInfo,
  studentInfo: m.serviceStudentInfo,
  DoNotCall: m.serviceDoNotCall,
};

const SET_PASSWORD = { title: m.setPasswordTitle, lead: m.setPasswordLead, submit: m.submit, submitting: m.submitting };
const SUBSCRIBE = { title: m.subscribeTitle, submit: m.subscribe, submitting: m.subscribing };

/** The caption over every step: which kind of account the link activates. */
function useCaption(actor: ActivationActor): string {
  const intl = useIntl();
  // The record's kind is the server's truth once known; before that, the page's.
  const kind = useSelector(actor, (snapshot) => snapshot.context.record?.kind ?? snapshot.context.kind);
  return intl.formatMessage(kind === 'buyer' ? m.buyerCaption : m.userCaption);
}

function Checking({ actor }: { actor: ActivationActor }) {
  const intl = useIntl();
  const caption = useCaption(actor);
  return <WaitingPage title={intl.formatMessage(m.checkingTitle)} caption={caption} label={intl.formatMessage(m.checking)} />;
}

function CheckFailed({ actor }: { actor: ActivationActor }) {
  const intl = useIntl();
  const caption = useCaption(actor);
  const code = useSelector(actor, (snapshot) => snapshot.context.errorCode ?? 'unknown');
  return <LinkCheckFailedPage title={intl.formatMessage(m.checkFailedTitle)} caption={caption} code={code} onRetry={() => actor.send({ type: 'retry' })} />;
}

function setPasswordRefusal(snapshot: ActivationSnapshot) {
  return snapshot.matches({ setPassword: { editing: 'failed' } }) ? (snapshot.context.errorCode ?? 'unknown') : null;
}

function SetPassword({ actor }: { actor: ActivationActor }) {
  const caption = useCaption(actor);
  const form = useFormState(actor, { refusal: setPasswordRefusal });
  const policy = useSelector(actor, (snapshot) => snapshot.context.policy);
  const record = useSelector(actor, (snapshot) => snapshot.context.record);

  const loginId = record?.loginId ?? '';
  const userInputs = [record?.loginId, record?.email].filter((word): word is string => Boolean(word));

  return (
    <FormPage messages={SET_PASSWORD} leadValues={{ loginId }} caption={caption} form={form}>
      <NewPasswordFields policy={policy} values={form.values} errorFor={form.errorFor} onChange={form.set} userInputs={userInputs} />
    </FormPage>
  );
}

function Subscribe({ actor }: { actor: ActivationActor }) {
  const intl = useIntl();
  const caption = useCaption(actor);
  const services = useSelector(actor, (snapshot) => snapshot.context.services);
  const failed = useSelector(actor, (snapshot) => snapshot.matches({ subscribe: 'failed' }));
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));

  const onSubmit = (event?: FormEvent) => {
    event?.preventDefault();
    actor.send({ type: 'subscribe.submit' });
  };
  const items = failed ? [{ text: intl.formatMessage(m.subscribeFailed) }] : [];

  return (
    <FormPage
      messages={SUBSCRIBE}
      caption={caption}
      form={{ items, onSubmit, busy }}
      before={
        <Notice tone="success">
          <p>{intl.formatMessage(m.activated)}</p>
        </Notice>
      }
      besideSubmit={
        <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'subscribe.skip' })}>
          {intl.formatMessage(m.skip)}
        </Button>
      }
    >
      <ServiceCheckboxes
        legend={m.subscribeLegend}
        hint={m.subscribeHint}
        names={SERVICE_MESSAGES}
        chosen={services}
        onToggle={(service) => actor.send({ type: 'services.toggle', service })}
      />
    </FormPage>
  );
}

function Done({ actor }: { actor: ActivationActor }) {
  const intl = useIntl();
  const caption = useCaption(actor);
  return (
    <DonePage title={intl.formatMessage(m.doneTitle)} caption={caption} body={intl.formatMessage(m.doneBody)}>
      <p>
        <RouteLink to="/{-$lang}/profile">{intl.formatMessage(m.toProfile)}</RouteLink>
      </p>
    </DonePage>
  );
}

function Leaving({ actor }: { actor: ActivationActor }) {
  const intl = useIntl();
  const caption = useCaption(actor);
  return <LinkLeavingPage title={intl.formatMessage(m.checkingTitle)} caption={caption} />;
}

/** Account activation (individual and buyer): check the link, set the password, newsletters, done. */
export function ActivationView({ actor }: { actor: ActivationActor }) {
  const step = useSelector(actor, stepOf);
  // Each step is its own component and Page, so arriving at a step moves focus to its heading.
  switch (step) {
    case 'checking':
      return <Checking actor={actor} />;
    case 'checkFailed':
      return <CheckFailed actor={actor} />;
    case 'setPassword':
      return <SetPassword actor={actor} />;
    case 'subscribe':
      return <Subscribe actor={actor} />;
    case 'done':
      return <Done actor={actor} />;
    case 'leaving':
      return <Leaving actor={actor} />;
  }
}
