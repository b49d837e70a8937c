import { useSelector } from '@xstate/react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { CONFIRMATION_LINK_HOURS, SUBSCRIPTION_SERVICES, type SubscriptionService } from '../../../contract/constants.ts';
import type { publicSubscriptionMachine } from '../../../machines/email-subscriptions/public-subscription.machine.ts';
import { fieldNames } from '../../i18n/field-messages.ts';
import { EmailInput } from '../../ui/account-inputs.tsx';
import { EmailSentPage } from '../../ui/email-sent-page.tsx';
import { FormPage } from '../../ui/form-page.tsx';
import { ServiceCheckboxes } from '../../ui/service-checkboxes.tsx';
import { RecaptchaField } from '../../ui/recaptcha-field.tsx';
import { useFormState } from '../../ui/use-form-state.ts';
import { emailSubscriptionsMessages as m } from './email-subscriptions-messages.ts';

type PublicSubscriptionActor = ActorRefFrom<typeof publicSubscriptionMachine>;

const SERVICE_NAMES: Record<SubscriptionService, MessageDescriptor> = {
  edPost: m.serviceEdPost,
  teacherInfo: m.serviceTeacherInfo,
  parentInfo: m.serviceParentInfo,
  studentInfo: m.serviceStudentInfo,
  DoNotCall: m.serviceDoNotCall,
};


/** This page's own words for a hold. */
const WORDING = { held: m.held };

/** The public newsletter page: email twice, at least one newsletter, robot check → confirmation email sent. */
export function EmailSubscriptionsView({ actor }: { actor: PublicSubscriptionActor }) {
  const intl = useIntl();
  const form = useFormState(actor, { wording: WORDING });
  const { field } = form;
  const services = useSelector(actor, (snapshot) => snapshot.context.services);
  const sentTo = useSelector(actor, (snapshot) => (snapshot.matches('sent') ? snapshot.context.sentTo : null));

  if (sentTo !== null) return <EmailSentPage email={sentTo} messages={m} values={{ hours: CONFIRMATION_LINK_HOURS }} />;

  const items = form.items.map((item) =>
    // The services error links to the first checkbox, the group's first control.
    item.fieldId === 'services' ? { ...item, fieldId: `service-${SUBSCRIPTION_SERVICES[0]}` } : item,
  );

  return (
    <FormPage messages={m} form={{ ...form, items }}>
      <EmailInput {...field('email')} label={intl.formatMessage(fieldNames.email)} hint={intl.formatMessage(m.emailHint)} />
      <EmailInput
        {...field('confirmEmail')}
        label={intl.formatMessage(m.confirmEmail)}
        hint={intl.formatMessage(m.confirmEmailHint)}
      />
      <ServiceCheckboxes
        legend={m.servicesLegend}
        hint={m.servicesHint}
        names={SERVICE_NAMES}
        chosen={services}
        onToggle={(service) => actor.send({ type: 'services.toggle', service })}
        error={form.errorFor('services')}
      />
      <RecaptchaField actor={actor} error={form.errorFor('recaptcha')} />
    </FormPage>
  );
}
