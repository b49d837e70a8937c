import * as v from 'valibot';
import { EMAIL_VERIFICATION_KINDS, type EmailVerifyResult } from '../schemas/profile.ts';
import { SubscriptionServicesSchema } from '../schemas/subscriptions.ts';
import { shaped } from './shape.ts';

/**
 * Answers more than one call gives, declared once. Apart from the feature files because every
 * export of those is a call (contract/calls/index.ts).
 */

/** Following an emailed link (`emailVerification.verify`, `subscriptions.verify`). */
export const EmailVerifyAnswer = shaped<EmailVerifyResult>()(
  v.object({ kind: v.picklist(EMAIL_VERIFICATION_KINDS), email: v.string(), services: SubscriptionServicesSchema }),
);
