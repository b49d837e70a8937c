import { assertEvent, assign, setup } from 'xstate';
import type { SubscriptionService } from '../../contract/constants.ts';
import type { FieldIssue } from '../../contract/errors.ts';
import type { PasswordPolicy } from '../../contract/password-policy.ts';
import {
  ActivateRequestSchema,
  type ActivateResult,
  type ActivationCheckRequest,
  type ActivationRecord,
  type ActivationSubscribeRequest,
} from '../../contract/schemas/account.ts';
import * as account from '../../contract/calls/account.ts';
import { actorOutput, callActors, calling, childrenOf, failTo, flowTypes, formEditing, LINK_CHECK_FAILED, LINK_REFUSED_STATES, linkChecking, linkRefusalRoutes, newPasswordPiece, NO_REFUSAL, SUBMIT_FAILED_ROUTES, submitting, toggled, unprovided, type FailureCode } from '../form.ts';

export type ActivationKind = 'user' | 'buyer';

export interface ActivationInput {
  /** The token of the emailed link (`?encryptCode=`). */
  encryptCode: string;
  /** Which page the link was opened on: `/user-activate` or `/buyer-activate`. */
  kind: ActivationKind;
  policy: PasswordPolicy;
}

/** What the activate actor sends: the password form plus the record's kind, which picks the call. */
export interface ActivateCall {
  encryptCode: string;
  newPassword: string;
  confirmNewPassword: string;
  kind: ActivationKind;
}

export interface ActivationValues {
  newPassword: string;
  confirmNewPassword: string;
}

export interface ActivationContext {
  encryptCode: string;
  /** The page's kind, for choosing the invalid-link page; the record's kind routes the flow. */
  kind: ActivationKind;
  policy: PasswordPolicy;
  /** The valid record the link points at, once checked. */
  record: ActivationRecord | null;
  values: ActivationValues;
  fieldErrors: FieldIssue[];
  errorCode: FailureCode | null;
  /** Newsletter services chosen on the subscribe step. */
  services: SubscriptionService[];
}

export type ActivationEvent =
  | { type: 'retry' }
  | { type: 'form.change'; field: keyof ActivationValues; value: string }
  | { type: 'form.submit' }
  | { type: 'services.toggle'; service: SubscriptionService }
  | { type: 'subscribe.submit' }
  | { type: 'subscribe.skip' };

export interface ActivationOutput {
  /** Null when the flow ended on an invalid link. */
  userId: string | null;
  /** Empty when the subscribe step was skipped or the account is a buyer's. */
  services: SubscriptionService[];
}

function initialContext({ input }: { input: ActivationInput }): ActivationContext {
  return {
    encryptCode: input.encryptCode,
    kind: input.kind,
    policy: input.policy,
    record: null,
    values: { newPassword: '', confirmNewPassword: '' },
    ...NO_REFUSAL,
    services: [],
  };
}

function checkInput({ context }: { context: ActivationContext }): ActivationCheckRequest {
  return { encryptCode: context.encryptCode };
}

function recordOf(context: ActivationContext): ActivationRecord {
  if (!context.record) throw new Error('activation: no checked record');
  return context.record;
}

function activateInput({ context }: { context: ActivationContext }): ActivateCall {
  return { encryptCode: context.encryptCode, ...context.values, kind: recordOf(context).kind };
}

function subscribeInput({ context }: { context: ActivationContext }): ActivationSubscribeRequest {
  return { encryptCode: context.encryptCode, userId: recordOf(context).userId, services: context.services };
}

function activationOutput({ context }: { context: ActivationContext }): ActivationOutput {
  return { userId: context.record?.userId ?? null, services: context.services };
}

const form = newPasswordPiece<ActivationContext, ActivationEvent>(ActivateRequestSchema, (context) => ({ encryptCode: context.encryptCode, ...context.values }));

const actors = {
  ...callActors('activation', { checkRecord: account.activationCheck, subscribe: account.activationSubscribe }),
  /** The user's or the buyer's activation, by the checked record's kind (src/api/actors.ts). */
  activate: unprovided<ActivateResult, ActivateCall>('activation', 'activate'),
};

export const activationMachine = setup({
  types: { ...flowTypes<ActivationContext, ActivationEvent, ActivationInput>(), output: {} as ActivationOutput, children: childrenOf(actors) },
  actors,
  guards: {
    ...form.guards,
    isBuyerRecord: ({ context }) => recordOf(context).kind === 'buyer',
  },
  actions: {
    ...form.actions,
    assignRecord: assign({ record: ({ event }) => actorOutput<ActivationRecord>(event, 'checkRecord') }),
    /** Skipping subscribes to nothing, whatever was ticked before. */
    clearServices: assign({ services: [] }),
    toggleService: assign({
      services: ({ context, event }) => {
        assertEvent(event, 'services.toggle');
        return toggled(context.services, event.service);
      },
    }),
  },
}).createMachine({
  id: 'activation',
  context: initialContext,
  output: activationOutput,
  initial: 'checking',
  states: {
    checking: linkChecking('activation', 'checkRecord', checkInput, { target: 'setPassword', actions: 'assignRecord' }),
    checkFailed: LINK_CHECK_FAILED,
    setPassword: {
      initial: 'editing',
      states: {
        editing: formEditing(),
        submitting: submitting('activate', {
          input: activateInput,
          onDone: [
            { guard: 'isBuyerRecord', target: '#activation.done', actions: 'forgetPassword' },
            { target: '#activation.subscribe', actions: 'forgetPassword' },
          ],
          onError: [...linkRefusalRoutes('activation'), ...SUBMIT_FAILED_ROUTES],
        }),
      },
    },
    /** Newsletter choice, offered to individual accounts only; skipping it is fine. */
    subscribe: {
      tags: ['ready'],
      initial: 'idle',
      on: {
        'services.toggle': { actions: 'toggleService' },
        'subscribe.submit': 'subscribing',
        'subscribe.skip': { target: 'done', actions: 'clearServices' },
      },
      states: {
        idle: {},
        /** The account is active either way; the choice can be sent again or skipped. */
        failed: { tags: ['error'] },
      },
    },
    subscribing: calling('subscribe', { input: subscribeInput, onDone: 'done', onError: failTo('subscribe.failed') }),
    done: { type: 'final', tags: ['done'] },
    ...LINK_REFUSED_STATES,
  },
});
