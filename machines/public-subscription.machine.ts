import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { SubscriptionService } from '../contract/constants.ts';
import type { FieldIssue } from '../contract/errors.ts';
import type { Language } from '../contract/languages.ts';
import { PublicSubscriptionRequestSchema, type PublicSubscriptionRequest, type PublicSubscriptionResult } from '../contract/schemas/subscriptions.ts';
import { actorOutput, failureCode, failureFields, failureHoldUntil, formGuards, hasCode, validate, withoutField, type FailureCode } from './form.ts';

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
  | { type: 'recaptcha.solve'; token: string }
  | { type: 'recaptcha.expire' }
  | { type: 'form.submit' };

function initialContext({ input }: { input: PublicSubscriptionInput }): PublicSubscriptionContext {
  return {
    lang: input.lang,
    values: { email: '', confirmEmail: '' },
    services: [],
    recaptcha: '',
    recaptchaRound: 0,
    fieldErrors: [],
    errorCode: null,
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

export const publicSubscriptionMachine = setup({
  types: {
    context: {} as PublicSubscriptionContext,
    events: {} as PublicSubscriptionEvent,
    input: {} as PublicSubscriptionInput,
    tags: {} as 'busy' | 'error' | 'ready' | 'done',
    children: {} as { subscribe: 'subscribe' },
  },
  actors: {
    subscribe: fromPromise<PublicSubscriptionResult, PublicSubscriptionRequest>(async () => {
      throw new Error('publicSubscription: actor "subscribe" not provided');
    }),
  },
  guards: {
    ...formGuards,
    isFormInvalid: ({ context }) => formIssues(context).length > 0,
  },
  actions: {
    assignValue: assign({
      values: ({ context, event }) => {
        assertEvent(event, 'form.change');
        return { ...context.values, [event.field]: event.value };
      },
      fieldErrors: ({ context, event }) => {
        assertEvent(event, 'form.change');
        return withoutField(context.fieldErrors, event.field);
      },
    }),
    toggleService: assign({
      services: ({ context, event }) => {
        assertEvent(event, 'services.toggle');
        return context.services.includes(event.service)
          ? context.services.filter((service) => service !== event.service)
          : [...context.services, event.service];
      },
      fieldErrors: ({ context }) => withoutField(context.fieldErrors, 'services'),
    }),
    assignRecaptcha: assign({
      recaptcha: ({ event }) => {
        assertEvent(event, 'recaptcha.solve');
        return event.token;
      },
      fieldErrors: ({ context }) => withoutField(context.fieldErrors, 'recaptcha'),
    }),
    clearRecaptcha: assign({ recaptcha: '' }),
    /** A token is spent once the server has seen it, whatever it answered. */
    discardSpentRecaptcha: assign({ recaptcha: '', recaptchaRound: ({ context }) => context.recaptchaRound + 1 }),
    assignValidationErrors: assign({ fieldErrors: ({ context }) => formIssues(context) }),
    clearErrors: assign({ fieldErrors: [], errorCode: null, holdUntil: null }),
    assignServerFieldErrors: assign({ fieldErrors: ({ event }) => failureFields(event) }),
    assignErrorCode: assign({ errorCode: ({ event }) => failureCode(event), holdUntil: ({ event }) => failureHoldUntil(event) }),
    assignSentTo: assign({ sentTo: ({ event }) => actorOutput<PublicSubscriptionResult>(event, 'subscribe').email }),
  },
}).createMachine({
  id: 'publicSubscription',
  context: initialContext,
  initial: 'editing',
  states: {
    editing: {
      tags: ['ready'],
      initial: 'idle',
      on: {
        'form.change': { actions: 'assignValue' },
        'services.toggle': { actions: 'toggleService' },
        'recaptcha.solve': { actions: 'assignRecaptcha' },
        'recaptcha.expire': { actions: 'clearRecaptcha' },
        'form.submit': [
          { guard: 'isFormInvalid', target: '.invalid', actions: 'assignValidationErrors' },
          { target: 'submitting', actions: 'clearErrors' },
        ],
      },
      states: {
        idle: {},
        invalid: { tags: ['error'] },
        recaptchaFailed: { tags: ['error'] },
        failed: { tags: ['error'] },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'subscribe',
        src: 'subscribe',
        input: subscribeInput,
        onDone: { target: 'sent', actions: 'assignSentTo' },
        onError: [
          { guard: hasCode('recaptchaFailed'), target: 'editing.recaptchaFailed', actions: 'discardSpentRecaptcha' },
          { guard: 'hasFieldErrors', target: 'editing.invalid', actions: ['discardSpentRecaptcha', 'assignServerFieldErrors'] },
          { target: 'editing.failed', actions: ['discardSpentRecaptcha', 'assignErrorCode'] },
        ],
      },
    },
    /** The confirmation email is on its way; following it opens the subscription's verification page. */
    sent: { type: 'final', tags: ['done'] },
  },
});
