import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { SUBSCRIPTION_SERVICES, type SubscriptionService } from '../../../contract/constants.ts';
import type { activationMachine } from '../../../machines/activation/activation.machine.ts';
import { useErrorText, useFieldErrors } from '../../i18n/use-form-errors.ts';
import { RouteLink } from '../../shell/route-link.tsx';
import { Button, ButtonGroup } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { cx } from '../../ui/cx.ts';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { Notice } from '../../ui/notice.tsx';
import { Page } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { NewPasswordFields } from '../../ui/new-password-fields.tsx';
import styles from './activation.module.css';
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
  return (
    <Page title={intl.formatMessage(m.checkingTitle)} caption={caption}>
      <Spinner label={intl.formatMessage(m.checking)} />
    </Page>
  );
}

function CheckFailed({ actor }: { actor: ActivationActor }) {
  const intl = useIntl();
  const caption = useCaption(actor);
  const code = useSelector(actor, (snapshot) => snapshot.context.errorCode ?? 'unknown');
  const errorText = useErrorText();
  return (
    <Page title={intl.formatMessage(m.checkFailedTitle)} caption={caption}>
      <ErrorSummary items={[{ text: errorText(code) }]} />
      <p>{intl.formatMessage(m.checkFailedBody)}</p>
      <Button onClick={() => actor.send({ type: 'retry' })}>{intl.formatMessage(m.retry)}</Button>
    </Page>
  );
}

function SetPassword({ actor }: { actor: ActivationActor }) {
  // Counts submissions so the error summary takes focus again when the same errors come back.
  const [attempt, setAttempt] = useState(0);
  const intl = useIntl();
  const caption = useCaption(actor);
  const values = useSelector(actor, (snapshot) => snapshot.context.values);
  const policy = useSelector(actor, (snapshot) => snapshot.context.policy);
  const record = useSelector(actor, (snapshot) => snapshot.context.record);
  const issues = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const failure = useSelector(actor, (snapshot) =>
    snapshot.matches({ setPassword: { editing: 'failed' } }) ? (snapshot.context.errorCode ?? 'unknown') : null,
  );
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const { summary, errorFor } = useFieldErrors(issues);
  const errorText = useErrorText();

  const loginId = record?.loginId ?? '';
  const userInputs = [record?.loginId, record?.email].filter((word): word is string => Boolean(word));
  const items = failure ? [...summary, { text: errorText(failure) }] : summary;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAttempt((count) => count + 1);
    actor.send({ type: 'form.submit' });
  };

  return (
    <Page title={intl.formatMessage(m.setPasswordTitle)} caption={caption} lead={intl.formatMessage(m.setPasswordLead, { loginId })}>
      <ErrorSummary items={items} focusKey={attempt} />
      <form noValidate onSubmit={onSubmit}>
        <NewPasswordFields
          policy={policy}
          values={values}
          errorFor={errorFor}
          onChange={(field, value) => actor.send({ type: 'form.change', field, value })}
          userInputs={userInputs}
        />
        <Button type="submit" busy={busy}>
          {intl.formatMessage(busy ? m.submitting : m.submit)}
        </Button>
      </form>
    </Page>
  );
}

function Subscribe({ actor }: { actor: ActivationActor }) {
  const intl = useIntl();
  const caption = useCaption(actor);
  const services = useSelector(actor, (snapshot) => snapshot.context.services);
  const failed = useSelector(actor, (snapshot) => snapshot.matches({ subscribe: 'failed' }));
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'subscribe.submit' });
  };

  return (
    <Page title={intl.formatMessage(m.subscribeTitle)} caption={caption}>
      <ErrorSummary items={failed ? [{ text: intl.formatMessage(m.subscribeFailed) }] : []} />
      <Notice tone="success">
        <p>{intl.formatMessage(m.activated)}</p>
      </Notice>
      <form noValidate onSubmit={onSubmit}>
        <fieldset className={cx(styles.fieldset)} aria-describedby="services-hint">
          <legend className={cx(styles.legend)}>{intl.formatMessage(m.subscribeLegend)}</legend>
          <p id="services-hint" className={cx(styles.hint)}>
            {intl.formatMessage(m.subscribeHint)}
          </p>
          {SUBSCRIPTION_SERVICES.map((service) => (
            <Checkbox
              key={service}
              id={`service-${service}`}
              name="services"
              value={service}
              label={intl.formatMessage(SERVICE_MESSAGES[service])}
              checked={services.includes(service)}
              onCheckedChange={() => actor.send({ type: 'services.toggle', service })}
            />
          ))}
        </fieldset>
        <ButtonGroup>
          <Button type="submit" busy={busy}>
            {intl.formatMessage(busy ? m.subscribing : m.subscribe)}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'subscribe.skip' })}>
            {intl.formatMessage(m.skip)}
          </Button>
        </ButtonGroup>
      </form>
    </Page>
  );
}

function Done({ actor }: { actor: ActivationActor }) {
  const intl = useIntl();
  const caption = useCaption(actor);
  return (
    <Page title={intl.formatMessage(m.doneTitle)} caption={caption}>
      <Notice tone="success" live>
        <p>{intl.formatMessage(m.doneBody)}</p>
      </Notice>
      <p>
        <RouteLink to="/{-$lang}/profile">{intl.formatMessage(m.toProfile)}</RouteLink>
      </p>
    </Page>
  );
}

function Leaving({ actor }: { actor: ActivationActor }) {
  const intl = useIntl();
  const caption = useCaption(actor);
  return (
    <Page title={intl.formatMessage(m.checkingTitle)} caption={caption} focusHeading={false}>
      <Spinner label={intl.formatMessage(m.leaving)} />
    </Page>
  );
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
