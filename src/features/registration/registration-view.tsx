import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { LOGIN_ID_MAX, LOGIN_ID_MIN } from '../../../contract/constants.ts';
import type { registrationMachine } from '../../../machines/registration/registration.machine.ts';
import { fieldNames } from '../../i18n/field-messages.ts';
import { EmailInput, LoginIdInput } from '../../ui/account-inputs.tsx';
import { EmailSentPage } from '../../ui/email-sent-page.tsx';
import { FormPage } from '../../ui/form-page.tsx';
import { HAVE_ACCOUNT_LINK, SignUpChecks } from '../../ui/sign-up-parts.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import { useFormState } from '../../ui/use-form-state.ts';
import { registrationMessages } from './registration-messages.ts';

type RegistrationActor = ActorRefFrom<typeof registrationMachine>;

/** Individual registration: login ID, email, display name, terms, robot check. */
export function RegistrationView({ actor }: { actor: RegistrationActor }) {
  const intl = useIntl();
  const form = useFormState(actor);
  const { values, errorFor, field } = form;
  const sentTo = useSelector(actor, (snapshot) => (snapshot.matches('sent') ? snapshot.context.sentTo : null));

  if (sentTo !== null) return <EmailSentPage email={sentTo} messages={registrationMessages} />;

  return (
    <FormPage messages={registrationMessages} form={form} link={HAVE_ACCOUNT_LINK}>
      <LoginIdInput
        {...field('loginId')}
        label={intl.formatMessage(fieldNames.loginId)}
        hint={intl.formatMessage(registrationMessages.loginIdHint, { min: LOGIN_ID_MIN, max: LOGIN_ID_MAX })}
        width={20}
      />
      <EmailInput {...field('email')} label={intl.formatMessage(fieldNames.email)} hint={intl.formatMessage(registrationMessages.emailHint)} />
      <TextInput
        {...field('displayName')}
        label={intl.formatMessage(fieldNames.displayName)}
        hint={intl.formatMessage(registrationMessages.displayNameHint)}
        autoComplete="nickname"
        width={20}
      />
      <SignUpChecks actor={actor} acceptTerms={registrationMessages.acceptTerms} accepted={values.acceptTerms} errorFor={errorFor} />
    </FormPage>
  );
}
