import * as v from 'valibot';
import { SUBSCRIPTION_SERVICES } from '../constants.ts';
import { declareCall } from '../call.ts';
import { EMAIL_VERIFICATION_KINDS, type EmailVerifyResult } from '../schemas/profile.ts';
import { PublicSubscriptionRequestSchema, SubscriptionVerifyRequestSchema, type PublicSubscriptionResult } from '../schemas/subscriptions.ts';
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
});

export const verify = declareCall({
  name: 'subscriptions.verify',
  method: 'post',
  path: 'email-subscriptions/verify',
  request: SubscriptionVerifyRequestSchema,
  response: shaped<EmailVerifyResult>()(
    v.object({ kind: v.picklist(EMAIL_VERIFICATION_KINDS), email: v.string(), services: v.array(v.picklist(SUBSCRIPTION_SERVICES)) }),
  ),
  codes: ['alreadyUsed', 'expired', 'linkInvalid'],
  summary: 'Confirms newsletter sign-ups from the emailed link.',
});
