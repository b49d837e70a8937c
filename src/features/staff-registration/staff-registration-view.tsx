import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { LOGIN_ID_MAX, LOGIN_ID_MIN } from '../../../contract/constants.ts';
import type { staffRegistrationMachine } from '../../../machines/staff-registration/staff-registration.machine.ts';
import { fieldNames } from '../../i18n/field-messages.ts';
import { EmailInput, LoginIdInput } from '../../ui/account-inputs.tsx';
import { EmailSentPage } from '../../ui/email-sent-page.tsx';
import { FormPage } from '../../ui/form-page.tsx';
import { HAVE_ACCOUNT_LINK, SignUpChecks } from '../../ui/sign-up-parts.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import { useFormState } from '../../ui/use-form-state.ts';
import { staffRegistrationMessages as messages } from './staff-registration-messages.ts';

type StaffRegistrationActor = ActorRefFrom<typeof staffRegistrationMachine>;

/** The field names the messages use where they differ from the shared ones. */

/** School staff registration (/edb/register): login ID, school email, names, terms, robot check. */
export function StaffRegistrationView({ actor }: { actor: StaffRegistrationActor }) {
  const intl = useIntl();
  const form = useFormState(actor);
  const { values, errorFor, field } = form;
  const sent = useSelector(actor, (snapshot) => (snapshot.matches('sent') ? snapshot.context.sent : null));

  if (sent !== null) return <EmailSentPage email={sent.email} messages={messages} values={{ school: sent.schoolName }} />;

  return (
    <FormPage messages={messages} form={form} link={HAVE_ACCOUNT_LINK}>
      <LoginIdInput
        {...field('loginId')}
        label={intl.formatMessage(fieldNames.loginId)}
        hint={intl.formatMessage(messages.loginIdHint, { min: LOGIN_ID_MIN, max: LOGIN_ID_MAX })}
        width={20}
      />
      <EmailInput {...field('email')} label={intl.formatMessage(messages.email)} hint={intl.formatMessage(messages.emailHint)} />
      <TextInput {...field('enFullName')} label={intl.formatMessage(messages.enFullName)} hint={intl.formatMessage(messages.enFullNameHint)} autoComplete="name" />
      <TextInput {...field('chFullName')} label={intl.formatMessage(messages.chFullName)} width={20} />
      <SignUpChecks actor={actor} acceptTerms={messages.acceptTerms} accepted={values.acceptTerms} errorFor={errorFor} />
    </FormPage>
  );
}
