import { useActorRef } from '@xstate/react';
import { publicSubscriptionMachine } from '../../../machines/email-subscriptions/public-subscription.machine.ts';
import { verificationActors } from '../../api/verification.ts';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { EmailSubscriptionsView } from './email-subscriptions-view.tsx';

const liveMachine = publicSubscriptionMachine.provide({ actors: { subscribe: verificationActors.subscribe } });

/** Starts the public subscription in the page's language (the confirmation email's language). */
export function EmailSubscriptionsPage() {
  const lang = useLanguage();
  const actor = useActorRef(liveMachine, { input: { lang } });
  return <EmailSubscriptionsView actor={actor} />;
}
