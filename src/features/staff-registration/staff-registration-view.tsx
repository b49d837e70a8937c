import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { LOGIN_ID_MAX, LOGIN_ID_MIN } from '../../../contract/constants.ts';
import type { staffRegistrationMachine, StaffRegistrationTextField } from '../../../machines/staff-registration/staff-registration.machine.ts';
import type { ShownErrorCode } from '../../i18n/error-messages.ts';
import { fieldNames, fieldRuleMessages } from '../../i18n/field-messages.ts';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { useErrorText, useFieldErrors } from '../../i18n/use-form-errors.ts';
import { useSettings } from '../../shell/app-context.tsx';
import { RouteLink } from '../../shell/route-link.tsx';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/cx.ts';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { Notice } from '../../ui/notice.tsx';
import { Page } from '../../ui/page.tsx';
import { Recaptcha } from '../../ui/recaptcha.tsx';
import { TermsAcceptance } from '../../ui/terms-acceptance.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import styles from '../features.module.css';
import { staffRegistrationMessages as messages } from './staff-registration-messages.ts';

type StaffRegistrationActor = ActorRefFrom<typeof staffRegistrationMachine>;
type StaffRegistrationSnapshot = SnapshotFrom<typeof staffRegistrationMachine>;

/** The field names the messages use where they differ from the shared ones. */
const FIELD_NAMES = { email: messages.email, enFullName: messages.enFullName, chFullName: messages.chFullName };

function formError(snapshot: StaffRegistrationSnapshot): ShownErrorCode | null {
  return snapshot.matches({ editing: 'failed' }) ? (snapshot.context.errorCode ?? 'unknown') : null;
}

function SentPage({ email, school }: { email: string; school: string }) {
  const intl = useIntl();
  const settings = useSettings();
  return (
    <Page title={intl.formatMessage(messages.sentTitle)}>
      <Notice tone="success" live>
        <p>{intl.formatMessage(messages.sentBody, { email, school })}</p>
      </Notice>
      <p>{intl.formatMessage(messages.sentSpam)}</p>
      {settings?.devMailbox ? (
        <p>
          <a href={`/dev/mailbox?to=${encodeURIComponent(email)}`}>{intl.formatMessage(messages.devMailbox)}</a>
        </p>
      ) : null}
    </Page>
  );
}

/** School staff registration (/edb/register): login ID, school email, names, terms, robot check. */
export function StaffRegistrationView({ actor }: { actor: StaffRegistrationActor }) {
  const intl = useIntl();
  const lang = useLanguage();
  const settings = useSettings();
  const values = useSelector(actor, (snapshot) => snapshot.context.values);
  const recaptchaSolved = useSelector(actor, (snapshot) => snapshot.context.recaptcha !== '');
  const recaptchaRound = useSelector(actor, (snapshot) => snapshot.context.recaptchaRound);
  const recaptchaRefused = useSelector(actor, (snapshot) => snapshot.matches({ editing: 'recaptchaFailed' }));
  const issues = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const failure = useSelector(actor, formError);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const sent = useSelector(actor, (snapshot) => (snapshot.matches('sent') ? snapshot.context.sent : null));
  const { summary, errorFor } = useFieldErrors(issues, FIELD_NAMES);
  const errorText = useErrorText();
  // Counts submissions so the error summary takes focus again when the same errors come back.
  const [attempt, setAttempt] = useState(0);

  if (sent !== null) return <SentPage email={sent.email} school={sent.schoolName} />;

  const recaptchaError = recaptchaRefused ? intl.formatMessage(fieldRuleMessages.recaptcha) : errorFor('recaptcha');
  const items = [
    ...summary,
    ...(recaptchaRefused ? [{ fieldId: 'recaptcha', text: intl.formatMessage(fieldRuleMessages.recaptcha) }] : []),
    ...(failure ? [{ text: errorText(failure) }] : []),
  ];
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAttempt((count) => count + 1);
    actor.send({ type: 'form.submit' });
  };
  const change = (field: StaffRegistrationTextField) => (value: string) => actor.send({ type: 'form.change', field, value });

  return (
    <Page title={intl.formatMessage(messages.title)} lead={intl.formatMessage(messages.lead)}>
      <ErrorSummary items={items} focusKey={attempt} />
      <form noValidate onSubmit={onSubmit}>
        <TextInput
          id="loginId"
          label={intl.formatMessage(fieldNames.loginId)}
          hint={intl.formatMessage(messages.loginIdHint, { min: LOGIN_ID_MIN, max: LOGIN_ID_MAX })}
          error={errorFor('loginId')}
          value={values.loginId}
          onValueChange={change('loginId')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          width={20}
        />
        <TextInput
          id="email"
          type="email"
          label={intl.formatMessage(messages.email)}
          hint={intl.formatMessage(messages.emailHint)}
          error={errorFor('email')}
          value={values.email}
          onValueChange={change('email')}
          autoComplete="email"
          spellCheck={false}
        />
        <TextInput
          id="enFullName"
          label={intl.formatMessage(messages.enFullName)}
          hint={intl.formatMessage(messages.enFullNameHint)}
          error={errorFor('enFullName')}
          value={values.enFullName}
          onValueChange={change('enFullName')}
          autoComplete="name"
        />
        <TextInput
          id="chFullName"
          label={intl.formatMessage(messages.chFullName)}
          error={errorFor('chFullName')}
          value={values.chFullName}
          onValueChange={change('chFullName')}
          width={20}
        />
        <TermsAcceptance
          lang={lang}
          links={messages.termsLinks}
          label={intl.formatMessage(messages.acceptTerms)}
          error={errorFor('acceptTerms')}
          checked={values.acceptTerms}
          onCheckedChange={(checked) => actor.send({ type: 'form.change', field: 'acceptTerms', value: checked })}
        />
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
          {intl.formatMessage(busy ? messages.submitting : messages.submit)}
        </Button>
      </form>
      <p className={cx(styles.muted)}>
        <RouteLink to="/{-$lang}/login">{intl.formatMessage(messages.haveAccount)}</RouteLink>
      </p>
    </Page>
  );
}
