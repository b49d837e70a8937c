import { assign, setup } from 'xstate';
import * as authenticator from '../../contract/calls/authenticator.ts';
import {
  AuthenticatorConfirmRequestSchema,
  type AuthenticatorSetup,
  type AuthenticatorStatus,
  type RecoveryCodes,
} from '../../contract/schemas/authenticator.ts';
import {
  actorOutput,
  callActors,
  calling,
  childrenOf,
  errorCodeActions,
  FAILED_ROUTE,
  FIELD_ERRORS_ROUTE,
  failTo,
  flowTypes,
  formEditing,
  formPiece,
  NO_REFUSAL,
  REFUSED,
  submitting,
  validate,
  type FormContext,
} from '../form.ts';
import { STEP_UP_CHILD, stepUpGuards, stepUpRoute, steppingUp } from '../step-up/index.ts';

/**
 * A school administrator's authenticator app on /profile/login-info (issue 23,
 * docs/decisions/authenticator.md): its status; set-up (the secret to scan or type, confirmed by
 * the app's first code), the ten recovery codes shown once; new recovery codes and removal after
 * a confirmation. Every change may be refused `stepUpRequired`: the step-up dialog opens and the
 * change is sent again after the proof (docs/decisions/step-up.md).
 */
export type AuthenticatorInput = Record<string, never>;

export interface AuthenticatorValues {
  code: string;
}

export interface AuthenticatorContext extends FormContext {
  values: AuthenticatorValues;
  /** The authenticator as the server last answered it. */
  status: AuthenticatorStatus | null;
  /** The secret being set up, until it is confirmed or given up. */
  setup: AuthenticatorSetup | null;
  /** The recovery codes just made, shown once; forgotten when the user says they are saved. */
  recoveryCodes: string[];
}

export type AuthenticatorEvent =
  | { type: 'retry' }
  | { type: 'setup.start' }
  | { type: 'setup.cancel' }
  | { type: 'form.change'; field: 'code'; value: string }
  | { type: 'form.submit' }
  | { type: 'codes.saved' }
  | { type: 'codes.ask' }
  | { type: 'remove.ask' }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' };

const form = formPiece<AuthenticatorContext, AuthenticatorEvent>((context) => validate(AuthenticatorConfirmRequestSchema, context.values));

const calls = callActors('authenticator', {
  status: authenticator.status,
  begin: authenticator.begin,
  confirm: authenticator.confirm,
  remove: authenticator.remove,
  regenerate: authenticator.regenerateRecoveryCodes,
});
const actors = { ...calls, ...STEP_UP_CHILD };

export const authenticatorMachine = setup({
  types: { ...flowTypes<AuthenticatorContext, AuthenticatorEvent, AuthenticatorInput>(), children: childrenOf(actors) },
  actors,
  guards: {
    ...form.guards,
    ...stepUpGuards,
    isSetUp: ({ event }) => actorOutput<AuthenticatorStatus>(event, 'status').addedAt !== null,
  },
  actions: {
    ...form.actions,
    ...errorCodeActions<AuthenticatorContext, AuthenticatorEvent>(),
    assignStatus: assign({ status: ({ event }) => actorOutput<AuthenticatorStatus>(event, 'status') }),
    assignSetup: assign({ setup: ({ event }) => actorOutput<AuthenticatorSetup>(event, 'begin'), values: { code: '' }, ...NO_REFUSAL }),
    /** The secret is not needed once confirmed: only the codes stay, until saved. */
    assignConfirmed: assign({ recoveryCodes: ({ event }) => actorOutput<RecoveryCodes>(event, 'confirm').recoveryCodes, setup: null, values: { code: '' } }),
    assignRegenerated: assign({ recoveryCodes: ({ event }) => actorOutput<RecoveryCodes>(event, 'regenerate').recoveryCodes }),
    assignRemoved: assign({ status: ({ event }) => actorOutput<AuthenticatorStatus>(event, 'remove') }),
    forgetSetup: assign({ setup: null, values: { code: '' }, ...NO_REFUSAL }),
    forgetCodes: assign({ recoveryCodes: [] }),
  },
}).createMachine({
  id: 'authenticator',
  context: { values: { code: '' }, ...NO_REFUSAL, status: null, setup: null, recoveryCodes: [] },
  initial: 'loading',
  states: {
    loading: calling('status', {
      onDone: [
        { guard: 'isSetUp', target: 'on', actions: 'assignStatus' },
        { target: 'off', actions: 'assignStatus' },
      ],
      onError: failTo('loadFailed'),
    }),
    loadFailed: { tags: ['error'], on: { retry: { target: 'loading', actions: 'clearError' } } },
    /** No authenticator app: the set-up button. */
    off: {
      tags: ['ready'],
      initial: 'idle',
      on: { 'setup.start': { target: 'beginning', actions: 'clearError' } },
      states: {
        idle: {},
        /** The set-up did not start: the code says why. */
        failed: REFUSED,
      },
    },
    beginning: calling('begin', {
      onDone: { target: 'editing', actions: 'assignSetup' },
      onError: [stepUpRoute('steppingUpToBegin'), failTo('off.failed')],
    }),
    steppingUpToBegin: steppingUp('beginning', 'off'),
    /** The QR code and the secret as text, and the field for the app's first code. */
    editing: formEditing({ on: { 'setup.cancel': { target: 'off', actions: 'forgetSetup' } }, submitTo: 'confirming' }),
    confirming: submitting('confirm', {
      input: ({ context }: { context: AuthenticatorContext }) => ({ code: context.values.code }),
      onDone: { target: 'showingCodes', actions: 'assignConfirmed' },
      onError: [stepUpRoute('steppingUpToConfirm'), FIELD_ERRORS_ROUTE, FAILED_ROUTE],
    }),
    steppingUpToConfirm: steppingUp('confirming', 'editing'),
    /** The ten recovery codes, shown this once (the server keeps only their hashes). */
    showingCodes: { tags: ['done'], on: { 'codes.saved': { target: 'loading', actions: 'forgetCodes' } } },
    /** An authenticator app is set up: when, the recovery codes left, new codes and removal. */
    on: {
      tags: ['ready'],
      initial: 'idle',
      states: {
        idle: { on: { 'codes.ask': 'confirmRegenerate', 'remove.ask': 'confirmRemove' } },
        /** New codes or the removal were not made: the code says why. */
        failed: { tags: ['error'], on: { 'codes.ask': 'confirmRegenerate', 'remove.ask': 'confirmRemove' } },
        confirmRegenerate: { on: { 'dialog.confirm': '#authenticator.regenerating', 'dialog.cancel': 'idle' } },
        confirmRemove: { on: { 'dialog.confirm': '#authenticator.removing', 'dialog.cancel': 'idle' } },
      },
    },
    regenerating: calling('regenerate', {
      onDone: { target: 'showingCodes', actions: 'assignRegenerated' },
      onError: [stepUpRoute('steppingUpToRegenerate'), failTo('on.failed')],
    }),
    steppingUpToRegenerate: steppingUp('regenerating', 'on'),
    removing: calling('remove', {
      onDone: { target: 'off', actions: 'assignRemoved' },
      onError: [stepUpRoute('steppingUpToRemove'), failTo('on.failed')],
    }),
    steppingUpToRemove: steppingUp('removing', 'on'),
  },
});
