import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { CONFIRMATION_LINK_HOURS, SUBSCRIPTION_SERVICES, type SubscriptionService } from '../../../contract/constants.ts';
import type { publicSubscriptionMachine } from '../../../machines/email-subscriptions/public-subscription.machine.ts';
import type { ShownErrorCode } from '../../i18n/error-messages.ts';
import { fieldNames, fieldRuleMessages } from '../../i18n/field-messages.ts';
import { hkDateTime } from '../../i18n/hk-time.ts';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { useErrorText, useFieldErrors } from '../../i18n/use-form-errors.ts';
import { useSettings } from '../../shell/app-context.tsx';
import { EmailSentPage } from '../../ui/email-sent-page.tsx';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { cx } from '../../ui/cx.ts';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { FieldError } from '../../ui/field.tsx';
import { Page } from '../../ui/page.tsx';
import { Recaptcha } from '../../ui/recaptcha.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import { emailSubscriptionsMessages as m } from './email-subscriptions-messages.ts';
import styles from './email-subscriptions.module.css';

type PublicSubscriptionActor = ActorRefFrom<typeof publicSubscriptionMachine>;
type PublicSubscriptionSnapshot = SnapshotFrom<typeof publicSubscriptionMachine>;

const SERVICE_NAMES: Record<SubscriptionService, MessageDescriptor> = {
  edPost: m.serviceEdPost,
  teacherInfo: m.serviceTeacherInfo,
  parentInfo: m.serviceParentInfo,
  studentInfo: m.serviceStudentInfo,
  DoNotCall: m.serviceDoNotCall,
};

const FIELD_NAMES = { confirmEmail: m.confirmEmail };

function formError(snapshot: PublicSubscriptionSnapshot): ShownErrorCode | null {
  return snapshot.matches({ editing: 'failed' }) ? (snapshot.context.errorCode ?? 'unknown') : null;
}

/** The public newsletter page: email twice, at least one newsletter, robot check → confirmation email sent. */
export function EmailSubscriptionsView({ actor }: { actor: PublicSubscriptionActor }) {
  const intl = useIntl();
  const lang = useLanguage();
  const settings = useSettings();
  const values = useSelector(actor, (snapshot) => snapshot.context.values);
  const services = useSelector(actor, (snapshot) => snapshot.context.services);
  const recaptchaSolved = useSelector(actor, (snapshot) => snapshot.context.recaptcha !== '');
  const recaptchaRound = useSelector(actor, (snapshot) => snapshot.context.recaptchaRound);
  const recaptchaRefused = useSelector(actor, (snapshot) => snapshot.matches({ editing: 'recaptchaFailed' }));
  const issues = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const failure = useSelector(actor, formError);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const sentTo = useSelector(actor, (snapshot) => (snapshot.matches('sent') ? snapshot.context.sentTo : null));
  const holdUntil = useSelector(actor, (snapshot) => snapshot.context.holdUntil);
  const fieldErrors = useFieldErrors(issues, FIELD_NAMES);
  // The shared `sameAs` text names the field to repeat only for passwords: this page says it itself.
  const mismatch = issues.some((issue) => issue.field === 'confirmEmail' && issue.rule === 'sameAs') ? intl.formatMessage(m.emailMismatch) : null;
  const errorFor = (field: string) => (field === 'confirmEmail' && mismatch ? mismatch : fieldErrors.errorFor(field));
  const summary = fieldErrors.summary.map((item) => ({ ...item, text: errorFor(item.fieldId) ?? item.text }));
  const errorText = useErrorText();
  // Counts submissions so the error summary takes focus again when the same errors come back.
  const [attempt, setAttempt] = useState(0);

  if (sentTo !== null) return <EmailSentPage email={sentTo} messages={m} values={{ hours: CONFIRMATION_LINK_HOURS }} />;

  const recaptchaError = recaptchaRefused ? intl.formatMessage(fieldRuleMessages.recaptcha) : errorFor('recaptcha');
  const servicesError = errorFor('services');
  const heldUntilText = hkDateTime(intl, holdUntil);
  const items = [
    // The services error links to the first checkbox, the group's first control.
    ...summary.map((item) => (item.fieldId === 'services' ? { ...item, fieldId: `service-${SUBSCRIPTION_SERVICES[0]}` } : item)),
    ...(recaptchaRefused ? [{ fieldId: 'recaptcha', text: intl.formatMessage(fieldRuleMessages.recaptcha) }] : []),
    ...(failure ? [{ text: failure === 'held' ? intl.formatMessage(m.held, { holdUntil: heldUntilText }) : errorText(failure) }] : []),
  ];
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAttempt((count) => count + 1);
    actor.send({ type: 'form.submit' });
  };

  return (
    <Page title={intl.formatMessage(m.title)} lead={intl.formatMessage(m.lead)}>
      <ErrorSummary items={items} focusKey={attempt} />
      <form noValidate onSubmit={onSubmit}>
        <TextInput
          id="email"
          type="email"
          label={intl.formatMessage(fieldNames.email)}
          hint={intl.formatMessage(m.emailHint)}
          error={errorFor('email')}
          value={values.email}
          onValueChange={(value) => actor.send({ type: 'form.change', field: 'email', value })}
          autoComplete="email"
          spellCheck={false}
        />
        <TextInput
          id="confirmEmail"
          type="email"
          label={intl.formatMessage(m.confirmEmail)}
          hint={intl.formatMessage(m.confirmEmailHint)}
          error={errorFor('confirmEmail')}
          value={values.confirmEmail}
          onValueChange={(value) => actor.send({ type: 'form.change', field: 'confirmEmail', value })}
          autoComplete="email"
          spellCheck={false}
        />
        <fieldset className={cx(styles.fieldset)} aria-describedby={servicesError ? 'services-hint services-error' : 'services-hint'}>
          <legend className={cx(styles.legend)}>{intl.formatMessage(m.servicesLegend)}</legend>
          <p id="services-hint" className={cx(styles.hint)}>
            {intl.formatMessage(m.servicesHint)}
          </p>
          {servicesError ? <FieldError id="services-error">{servicesError}</FieldError> : null}
          {SUBSCRIPTION_SERVICES.map((service) => (
            <Checkbox
              key={service}
              id={`service-${service}`}
              name="services"
              value={service}
              label={intl.formatMessage(SERVICE_NAMES[service])}
              checked={services.includes(service)}
              onCheckedChange={() => actor.send({ type: 'services.toggle', service })}
            />
          ))}
        </fieldset>
        <Recaptcha
          id="recaptcha"
          siteKey={settings?.recaptchaSiteKey ?? null}
          lang={lang}
          solved={recaptchaSolved}
          round={recaptchaRound}
          error={recaptchaError}
          onSolve={(token) => actor.send({ type: 'recaptcha.solve', token })}
          onExpire={() => actor.send({ type: 'recaptcha.expire' })}
        />
        <Button type="submit" busy={busy}>
          {intl.formatMessage(busy ? m.submitting : m.submit)}
        </Button>
      </form>
    </Page>
  );
}
