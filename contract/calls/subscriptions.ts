import * as v from 'valibot';
import { declareCall } from '../call.ts';
import { PublicSubscriptionRequestSchema, SubscriptionVerifyRequestSchema, type PublicSubscriptionResult } from '../schemas/subscriptions.ts';
import { EmailVerifyAnswer } from './answers.ts';
import { shaped } from './shape.ts';

/** The public newsletter page (no session). */

export const subscribe = declareCall({
  name: 'subscriptions.subscribe',
  method: 'post',
  path: 'email-subscriptions',
  request: PublicSubscriptionRequestSchema,
  response: shaped<PublicSubscriptionResult>()(v.object({ email: v.string() })),
  codes: ['recaptchaFailed', 'held'],
  summary: 'Emails a confirmation link for newsletter sign-ups.',
  // With a reCAPTCHA token (up to 4,000 characters).
  bodyLimit: { bytes: 16 * 1024 },
});

export const verify = declareCall({
  name: 'subscriptions.verify',
  method: 'post',
  path: 'email-subscriptions/verify',
  request: SubscriptionVerifyRequestSchema,
  response: EmailVerifyAnswer,
  codes: ['alreadyUsed', 'expired', 'linkInvalid'],
  summary: 'Confirms newsletter sign-ups from the emailed link.',
});
