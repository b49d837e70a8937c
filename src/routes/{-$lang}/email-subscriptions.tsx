import { createFileRoute } from '@tanstack/react-router';
import { EmailSubscriptionsPage } from '../../features/email-subscriptions/email-subscriptions-page.tsx';

/** Public, no login; pre-rendered like the registration page. */
export const Route = createFileRoute('/{-$lang}/email-subscriptions')({
  component: EmailSubscriptionsPage,
});
