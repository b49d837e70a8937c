import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { PasswordChallenge } from '../login/index.ts';
import type { ActorRefFrom } from 'xstate';
import type { ForgotPasswordMethod, forgotPasswordMachine } from '../../../machines/forgot-password/forgot-password.machine.ts';
import type { ShownErrorCode } from '../../i18n/error-messages.ts';
import { fieldNames } from '../../i18n/field-messages.ts';
import { useSettings } from '../../shell/app-context.tsx';
import { EmailInput, LoginIdInput } from '../../ui/account-inputs.tsx';
import { FormPage } from '../../ui/form-page.tsx';
import { Notice } from '../../ui/notice.tsx';
import { Page } from '../../ui/page.tsx';
import { RadioGroup } from '../../ui/radio-group.tsx';
import { useFormState } from '../../ui/use-form-state.ts';
import { forgotPasswordMessages as m } from './forgot-password-messages.ts';

type ForgotPasswordActor = ActorRefFrom<typeof forgotPasswordMachine>;

/** The field a refusal concerns, when there is one. */
const CODE_FIELDS: Partial<Record<ShownErrorCode, string>> = { emailNotFound: 'email', loginIdNotFound: 'loginId', loginChallengeRequired: 'recaptcha' };

/** This form's own words for a hold, and for the challenge (the login's words speak of passwords). */
const WORDING = { held: m.held, loginChallengeRequired: m.challenge };

function ForgotForm({ actor }: { actor: ForgotPasswordActor }) {
  const intl = useIntl();
  const form = useFormState(actor, { wording: WORDING, refusalFields: CODE_FIELDS });
  const { values, field } = form;

  return (
    <FormPage messages={m} form={form} link={{ to: '/{-$lang}/login', text: m.backToLogin }}>
      <RadioGroup<ForgotPasswordMethod>
        id="by"
        legend={intl.formatMessage(m.methodLegend)}
        options={[
          { value: 'email', label: intl.formatMessage(m.methodEmail) },
          { value: 'loginId', label: intl.formatMessage(m.methodLoginId) },
        ]}
        value={values.by}
        onValueChange={(by) => actor.send({ type: 'method.choose', by })}
      />
      {values.by === 'email' ? (
        <EmailInput {...field('email')} label={intl.formatMessage(fieldNames.email)} hint={intl.formatMessage(m.emailHint)} />
      ) : (
        <LoginIdInput {...field('loginId')} label={intl.formatMessage(fieldNames.loginId)} hint={intl.formatMessage(m.loginIdHint)} width={20} />
      )}
      {/* Once the server asked for it (the login or email is flooded from this network): the widget. */}
      <PasswordChallenge actor={actor} error={form.errorFor('recaptcha')} />
    </FormPage>
  );
}

function Sent({ maskedEmail }: { maskedEmail: string }) {
  const intl = useIntl();
  const settings = useSettings();
  return (
    <Page title={intl.formatMessage(m.sentTitle)}>
      <Notice tone="success" live>
        <p>{intl.formatMessage(m.sentBody, { maskedEmail })}</p>
      </Notice>
      <p>{intl.formatMessage(m.sentSpam)}</p>
      {settings?.devMailbox ? (
        <p>
          <a href="/dev/mailbox">{intl.formatMessage(m.devMailbox)}</a>
        </p>
      ) : null}
    </Page>
  );
}

/** Forgot password: find the account by login email or login ID, and send it a reset link. */
export function ForgotPasswordView({ actor }: { actor: ForgotPasswordActor }) {
  const sentTo = useSelector(actor, (snapshot) => (snapshot.matches('sent') ? snapshot.context.maskedEmail : null));
  return sentTo !== null ? <Sent maskedEmail={sentTo} /> : <ForgotForm actor={actor} />;
}
