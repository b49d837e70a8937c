import { assertEvent, assign, setup } from 'xstate';
import type { SubscriptionService } from '../../contract/constants.ts';
import type { FieldIssue } from '../../contract/errors.ts';
import type { Language } from '../../contract/languages.ts';
import * as emailSubscriptions from '../../contract/calls/email-subscriptions.ts';
import { PublicSubscriptionRequestSchema, type PublicSubscriptionRequest, type PublicSubscriptionResult } from '../../contract/schemas/email-subscriptions.ts';
import { actorOutput, callActors, childrenOf, flowTypes, holdActions, RECAPTCHA_SUBMIT_FAILED_ROUTES, recaptchaFormEditing, recaptchaFormPiece, recaptchaFormStart, submitting, toggled, validate, withoutField, type FailureCode, type RecaptchaEvent } from '../form.ts';

export interface PublicSubscriptionInput {
  /** The language of the confirmation email. */
  lang: Language;
}

export interface PublicSubscriptionValues {
  email: string;
  confirmEmail: string;
}

export interface PublicSubscriptionContext {
  lang: Language;
  values: PublicSubscriptionValues;
  /** The newsletters ticked; at least one is required. */
  services: SubscriptionService[];
  /** The reCAPTCHA token; empty until solved, and again once spent or expired. */
  recaptcha: string;
  /** Counts spent tokens thrown away: the view resets the widget when it changes. */
  recaptchaRound: number;
  fieldErrors: FieldIssue[];
  errorCode: FailureCode | null;
  /** When a `held` address may ask again (the server's time); null otherwise. */
  holdUntil: string | null;
  /** Where the confirmation link went, once sent. */
  sentTo: string | null;
}

export type PublicSubscriptionEvent =
  | { type: 'form.change'; field: keyof PublicSubscriptionValues; value: string }
  | { type: 'services.toggle'; service: SubscriptionService }
  | RecaptchaEvent
  | { type: 'form.submit' };

function initialContext({ input }: { input: PublicSubscriptionInput }): PublicSubscriptionContext {
  return {
    lang: input.lang,
    ...recaptchaFormStart({ email: '', confirmEmail: '' }),
    services: [],
    holdUntil: null,
    sentTo: null,
  };
}

function subscribeInput({ context }: { context: PublicSubscriptionContext }): PublicSubscriptionRequest {
  return { ...context.values, services: context.services, recaptcha: context.recaptcha, lang: context.lang };
}

function formIssues(context: PublicSubscriptionContext): FieldIssue[] {
  return validate(PublicSubscriptionRequestSchema, subscribeInput({ context }));
}

const form = recaptchaFormPiece<PublicSubscriptionContext, PublicSubscriptionEvent>(formIssues);

const actors = callActors('publicSubscription', { subscribe: emailSubscriptions.subscribe });

export const publicSubscriptionMachine = setup({
  types: { ...flowTypes<PublicSubscriptionContext, PublicSubscriptionEvent, PublicSubscriptionInput>(), children: childrenOf(actors) },
  actors,
  guards: form.guards,
  actions: {
    ...form.actions,
    toggleService: assign({
      services: ({ context, event }) => {
        assertEvent(event, 'services.toggle');
        return toggled(context.services, event.service);
      },
      fieldErrors: ({ context }) => withoutField(context.fieldErrors, 'services'),
    }),
    ...holdActions<PublicSubscriptionContext, PublicSubscriptionEvent>(),
    assignSentTo: assign({ sentTo: ({ event }) => actorOutput<PublicSubscriptionResult>(event, 'subscribe').email }),
  },
}).createMachine({
  id: 'publicSubscription',
  context: initialContext,
  initial: 'editing',
  states: {
    editing: recaptchaFormEditing({ on: { 'services.toggle': { actions: 'toggleService' } } }),
    submitting: submitting('subscribe', { input: subscribeInput, onDone: { target: 'sent', actions: 'assignSentTo' }, onError: RECAPTCHA_SUBMIT_FAILED_ROUTES }),
    /** The confirmation email is on its way; following it opens the subscription's verification page. */
    sent: { type: 'final', tags: ['done'] },
  },
});
