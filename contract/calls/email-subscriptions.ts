import { declareCall } from '../call.ts';
import { EmailVerifyResultSchema } from '../schemas/verification.ts';
import { PublicSubscriptionRequestSchema, PublicSubscriptionResultSchema, SubscriptionVerifyRequestSchema } from '../schemas/email-subscriptions.ts';

/** The public newsletter page (no session). */

export const subscribe = declareCall({
  name: 'emailSubscriptions.subscribe',
  method: 'post',
  path: 'email-subscriptions',
  request: PublicSubscriptionRequestSchema,
  response: PublicSubscriptionResultSchema,
  codes: ['recaptchaFailed', 'held'],
  summary: 'Emails a confirmation link for newsletter sign-ups.',
  // With a reCAPTCHA token (up to 4,000 characters).
  bodyLimit: { bytes: 16 * 1024 },
});

export const verify = declareCall({
  name: 'emailSubscriptions.verify',
  method: 'post',
  path: 'email-subscriptions/verify',
  request: SubscriptionVerifyRequestSchema,
  response: EmailVerifyResultSchema,
  codes: ['alreadyUsed', 'expired', 'linkInvalid'],
  summary: 'Confirms newsletter sign-ups from the emailed link.',
});
