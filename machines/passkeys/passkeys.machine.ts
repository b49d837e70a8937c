import * as v from 'valibot';
import { assign, setup } from 'xstate';
import * as passkeys from '../../contract/calls/passkeys.ts';
import {
  PasskeyNameSchema,
  type PasskeyCreationOptions,
  type PasskeyList,
  type PasskeyRegistrationResponse,
} from '../../contract/schemas/passkeys.ts';
import {
  actorOutput,
  callActors,
  calling,
  childrenOf,
  errorCodeActions,
  FAILED_ROUTE,
  FIELD_ERRORS_ROUTE,
  failTo,
  FORM_INVALID_ROUTE,
  flowTypes,
  formEditing,
  formPiece,
  NO_REFUSAL,
  submitting,
  unprovided,
  validate,
  type FormContext,
} from '../form.ts';
import { browserCeremony } from '../passkey-ceremony.ts';
import { STEP_UP_CHILD, stepUpGuards, stepUpRoute, steppingUp } from '../step-up/index.ts';

/**
 * The account's passkeys on /profile/login-info (issue 23, docs/decisions/passkeys.md): the list
 * (name, added, last used); adding one (options from the server, after the step-up dialog when
 * the server wants a fresh proof; the browser's ceremony; then the user names it); renaming; and
 * removing after a confirmation. Each change is announced next to the list.
 */
export type PasskeysInput = Record<string, never>;

export interface PasskeysValues {
  name: string;
}

export interface PasskeysContext extends FormContext {
  values: PasskeysValues;
  /** The passkeys as the server last answered them. */
  list: PasskeyList['passkeys'];
  /** The options of the passkey being added, from the server. */
  options: PasskeyCreationOptions | null;
  /** The new passkey the browser made, until it is named and sent. */
  created: PasskeyRegistrationResponse | null;
  /** The passkey being renamed or removed (its id); null while a new one is named. */
  selected: string | null;
}

export type PasskeysEvent =
  | { type: 'retry' }
  | { type: 'add.start' }
  | { type: 'rename.start'; id: string }
  | { type: 'edit.cancel' }
  | { type: 'form.change'; field: 'name'; value: string }
  | { type: 'form.submit' }
  | { type: 'remove.ask'; id: string }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' };

const NameFormSchema = v.object({ name: PasskeyNameSchema });
const form = formPiece<PasskeysContext, PasskeysEvent>((context) => validate(NameFormSchema, context.values));

const calls = callActors('passkeys', {
  list: passkeys.list,
  registrationOptions: passkeys.registrationOptions,
  register: passkeys.register,
  rename: passkeys.rename,
  remove: passkeys.remove,
});
const actors = {
  ...calls,
  ...STEP_UP_CHILD,
  /** The browser's ceremony (navigator.credentials.create), provided by the page (src/api/passkeys.ts). */
  createPasskey: unprovided<PasskeyRegistrationResponse, PasskeyCreationOptions>('passkeys', 'createPasskey'),
};

/** What the list offers wherever it shows without a dialog over it: add, and each passkey's rename and remove. */
const LIST_ON = {
  'add.start': { target: '#passkeys.preparing', actions: 'forget' },
  'rename.start': { guard: 'isListed', target: '#passkeys.editing', actions: 'selectForRename' },
  'remove.ask': { guard: 'isListed', target: 'confirmRemove', actions: 'selectForRemoval' },
} as const;

const FORGET = { options: null, created: null, selected: null, values: { name: '' }, ...NO_REFUSAL };

export const passkeysMachine = setup({
  types: { ...flowTypes<PasskeysContext, PasskeysEvent, PasskeysInput>(), children: childrenOf(actors) },
  actors,
  guards: {
    ...form.guards,
    ...stepUpGuards,
    isNamingNew: ({ context }) => context.selected === null,
    /** The event names a passkey of the list (a button of the list sent it). */
    isListed: ({ context, event }) => 'id' in event && context.list.some((passkey) => passkey.id === event.id),
  },
  actions: {
    ...form.actions,
    ...errorCodeActions<PasskeysContext, PasskeysEvent>(),
    assignList: assign({ list: ({ event }) => actorOutput<PasskeyList>(event, 'list').passkeys }),
    assignRegistered: assign({ list: ({ event }) => actorOutput<PasskeyList>(event, 'register').passkeys, ...FORGET }),
    assignRenamed: assign({ list: ({ event }) => actorOutput<PasskeyList>(event, 'rename').passkeys, ...FORGET }),
    assignRemoved: assign({ list: ({ event }) => actorOutput<PasskeyList>(event, 'remove').passkeys, ...FORGET }),
    assignOptions: assign({ options: ({ event }) => actorOutput<PasskeyCreationOptions>(event, 'registrationOptions') }),
    assignCreated: assign({ created: ({ event }) => actorOutput<PasskeyRegistrationResponse>(event, 'createPasskey'), selected: null, values: { name: '' }, ...NO_REFUSAL }),
    selectForRename: assign(({ context, event }) => {
      const id = event.type === 'rename.start' ? event.id : null;
      return { selected: id, values: { name: context.list.find((passkey) => passkey.id === id)?.name ?? '' }, ...NO_REFUSAL };
    }),
    selectForRemoval: assign({ selected: ({ event }) => (event.type === 'remove.ask' ? event.id : null), ...NO_REFUSAL }),
    forget: assign(FORGET),
  },
}).createMachine({
  id: 'passkeys',
  context: { values: { name: '' }, ...NO_REFUSAL, list: [], options: null, created: null, selected: null },
  initial: 'loading',
  states: {
    loading: calling('list', { onDone: { target: 'ready', actions: 'assignList' }, onError: failTo('loadFailed') }),
    loadFailed: { tags: ['error'], on: { retry: { target: 'loading', actions: 'clearError' } } },
    /** The list, with "Add a passkey" and each passkey's "Rename" and "Remove". */
    ready: {
      tags: ['ready'],
      initial: 'idle',
      states: {
        idle: { on: LIST_ON },
        /** A passkey was added: said next to the list. */
        added: { on: LIST_ON },
        /** A passkey was renamed. */
        renamed: { on: LIST_ON },
        /** A passkey was removed. */
        removed: { on: LIST_ON },
        /** The browser made no passkey (cancelled, timed out, or not supported): nothing changed. */
        notCreated: { tags: ['error'], on: LIST_ON },
        /** Adding or removing failed: the code says why. */
        failed: { tags: ['error'], on: LIST_ON },
        confirmRemove: { on: { 'dialog.confirm': '#passkeys.removing', 'dialog.cancel': { target: 'idle', actions: 'forget' } } },
      },
    },
    preparing: calling('registrationOptions', {
      onDone: { target: 'creating', actions: 'assignOptions' },
      onError: [stepUpRoute('steppingUpToAdd'), failTo('ready.failed')],
    }),
    steppingUpToAdd: steppingUp('preparing', 'ready'),
    /** The browser's own dialog makes the passkey. */
    creating: browserCeremony('createPasskey', { target: 'editing', actions: 'assignCreated' } as const, { target: 'ready.notCreated', actions: 'forget' } as const),
    /** The name of the new passkey, or the new name of one in the list. */
    editing: formEditing({
      on: {
        'edit.cancel': { target: 'ready', actions: 'forget' },
        'form.submit': [FORM_INVALID_ROUTE, { guard: 'isNamingNew', target: 'registering', actions: 'clearErrors' }, { target: 'renaming', actions: 'clearErrors' }],
      },
    }),
    registering: submitting('register', {
      input: ({ context }: { context: PasskeysContext }) => ({ response: context.created as PasskeyRegistrationResponse, name: context.values.name }),
      onDone: { target: 'ready.added', actions: 'assignRegistered' },
      onError: [stepUpRoute('steppingUpToRegister'), FIELD_ERRORS_ROUTE, FAILED_ROUTE],
    }),
    steppingUpToRegister: steppingUp('registering', 'editing'),
    renaming: submitting('rename', {
      input: ({ context }: { context: PasskeysContext }) => ({ id: context.selected ?? '', name: context.values.name }),
      onDone: { target: 'ready.renamed', actions: 'assignRenamed' },
    }),
    removing: calling('remove', {
      input: ({ context }: { context: PasskeysContext }) => ({ id: context.selected ?? '' }),
      onDone: { target: 'ready.removed', actions: 'assignRemoved' },
      onError: failTo('ready.failed'),
    }),
  },
});
