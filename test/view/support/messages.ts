import type { SubscriptionService } from '../../../contract/constants.ts';

/** English texts many view models expect on screen (the view paths run in English). */

/** The network failure every call can meet (`networkError`). */
export const NETWORK = 'We could not reach the server. Please check your connection and try again.';

/** The newsletter checkboxes' labels (activation's last step and the public subscription page). */
export const SUBSCRIPTION_SERVICE_LABELS: Record<SubscriptionService, string> = {
  edPost: 'EdPost: news of the education platform',
  teacherInfo: 'Information for teachers',
  parentInfo: 'Information for parents',
  studentInfo: 'Information for students',
  DoNotCall: 'Do not call me with promotional information',
};
