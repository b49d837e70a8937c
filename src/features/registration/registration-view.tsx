import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { LOGIN_ID_MAX, LOGIN_ID_MIN } from '../../../contract/constants.ts';
import type { registrationMachine } from '../../../machines/registration/registration.machine.ts';
import type { ShownErrorCode } from '../../i18n/error-messages.ts';
import { fieldNames } from '../../i18n/field-messages.ts';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { useErrorText, useFieldErrors } from '../../i18n/use-form-errors.ts';
import { useSettings } from '../../shell/app-context.tsx';
import { EmailSentPage } from '../../ui/email-sent-page.tsx';
import { RouteLink } from '../../shell/route-link.tsx';
import { Button } from '../../ui/button.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { Page } from '../../ui/page.tsx';
import { Recaptcha } from '../../ui/recaptcha.tsx';
import { TermsAcceptance } from '../../ui/terms-acceptance.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import { fieldRuleMessages } from '../../i18n/field-messages.ts';
import styles from '../features.module.css';
import { cx } from '../../ui/cx.ts';
import { registrationMessages } from './registration-messages.ts';

type RegistrationActor = ActorRefFrom<typeof registrationMachine>;
type RegistrationSnapshot = SnapshotFrom<typeof registrationMachine>;

function formError(snapshot: RegistrationSnapshot): ShownErrorCode | null {
  return snapshot.matches({ editing: 'failed' }) ? (snapshot.context.errorCode ?? 'unknown') : null;
}

/** Individual registration: login ID, email, display name, terms, robot check. */
export function RegistrationView({ actor }: { actor: RegistrationActor }) {
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
  const sentTo = useSelector(actor, (snapshot) => (snapshot.matches('sent') ? snapshot.context.sentTo : null));
  const { summary, errorFor } = useFieldErrors(issues);
  const errorText = useErrorText();
  // Counts submissions so the error summary takes focus again when the same errors come back.
  const [attempt, setAttempt] = useState(0);

  if (sentTo !== null) return <EmailSentPage email={sentTo} messages={registrationMessages} />;

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

  return (
    <Page title={intl.formatMessage(registrationMessages.title)} lead={intl.formatMessage(registrationMessages.lead)}>
      <ErrorSummary items={items} focusKey={attempt} />
      <form noValidate onSubmit={onSubmit}>
        <TextInput
          id="loginId"
          label={intl.formatMessage(fieldNames.loginId)}
          hint={intl.formatMessage(registrationMessages.loginIdHint, { min: LOGIN_ID_MIN, max: LOGIN_ID_MAX })}
          error={errorFor('loginId')}
          value={values.loginId}
          onValueChange={(value) => actor.send({ type: 'form.change', field: 'loginId', value })}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          width={20}
        />
        <TextInput
          id="email"
          type="email"
          label={intl.formatMessage(fieldNames.email)}
          hint={intl.formatMessage(registrationMessages.emailHint)}
          error={errorFor('email')}
          value={values.email}
          onValueChange={(value) => actor.send({ type: 'form.change', field: 'email', value })}
          autoComplete="email"
          spellCheck={false}
        />
        <TextInput
          id="displayName"
          label={intl.formatMessage(fieldNames.displayName)}
          hint={intl.formatMessage(registrationMessages.displayNameHint)}
          error={errorFor('displayName')}
          value={values.displayName}
          onValueChange={(value) => actor.send({ type: 'form.change', field: 'displayName', value })}
          autoComplete="nickname"
          width={20}
        />
        <TermsAcceptance
          lang={lang}
          links={registrationMessages.termsLinks}
          label={intl.formatMessage(registrationMessages.acceptTerms)}
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
          {intl.formatMessage(busy ? registrationMessages.submitting : registrationMessages.submit)}
        </Button>
      </form>
      <p className={cx(styles.muted)}>
        <RouteLink to="/{-$lang}/login">{intl.formatMessage(registrationMessages.haveAccount)}</RouteLink>
      </p>
    </Page>
  );
}
