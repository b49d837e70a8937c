import * as v from 'valibot';
import { SUBSCRIPTION_SERVICES } from '../constants.ts';
import { EmailSchema, LanguageSchema, LinkTokenSchema, RecaptchaSchema, sameAsCheck } from './common.ts';

/*
 * Newsletter subscription payloads, apart from ./profile.ts (which re-exports them) so that the
 * public /email-subscriptions page and its machine do not download every profile schema.
 */

/** The newsletters ticked, each at most once. */
export const SubscriptionServicesSchema = v.pipe(v.array(v.picklist(SUBSCRIPTION_SERVICES, 'format'), 'format'), v.maxLength(SUBSCRIPTION_SERVICES.length, 'maxLength'));

/**
 * POST /email-subscriptions/verify: the emailVerification machine's request for kind
 * `subscription`; `kind` may be left out, any other kind is refused.
 */
export const SubscriptionVerifyRequestSchema = v.object({
  kind: v.optional(v.literal('subscription', 'format')),
  token: LinkTokenSchema,
});

const PublicSubscriptionObject = v.object({
  email: EmailSchema,
  confirmEmail: EmailSchema,
  services: v.pipe(SubscriptionServicesSchema, v.minLength(1, 'required')),
  recaptcha: RecaptchaSchema,
  lang: LanguageSchema,
});
export const PublicSubscriptionRequestSchema = v.pipe(
  PublicSubscriptionObject,
  sameAsCheck<v.InferOutput<typeof PublicSubscriptionObject>>('confirmEmail', 'email'),
);
export type PublicSubscriptionRequest = v.InferInput<typeof PublicSubscriptionRequestSchema>;
export const PublicSubscriptionResultSchema = v.object({
  /** The address the confirmation link went to. */
  email: v.string(),
});
export type PublicSubscriptionResult = v.InferOutput<typeof PublicSubscriptionResultSchema>;
