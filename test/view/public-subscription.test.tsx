import { EmailSubscriptionsView } from '../../src/features/email-subscriptions/email-subscriptions-view.tsx';
import { publicSubscriptionView } from './models/public-subscription.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(publicSubscriptionView, EmailSubscriptionsView);
