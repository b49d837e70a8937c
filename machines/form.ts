import type * as v from 'valibot';
import { assign, fromPromise, type EventObject, type MachineContext, type NonReducibleUnknown, type PromiseActorLogic } from 'xstate';
import { ApiError, errorCode } from '../contract/api-error.ts';
import type { CallDeclaration, RequestOf, ResponseOf } from '../contract/call.ts';
import type { ErrorCode, FieldIssue } from '../contract/errors.ts';
import { checkPasswordPolicy, type PasswordPolicy } from '../contract/password-policy.ts';
import { parseWith } from '../contract/validate.ts';

/** The tags a flow's states carry; views branch on them, never on flags in context. */
export type FlowTag = 'busy' | 'error' | 'ready' | 'done';

/**
 * The stand-in for an actor a machine declares by name: the app and the tests provide the real
 * one with `.provide({ actors })`, and a machine started without it fails loudly.
 */
export function unprovided<TOutput, TInput>(machineId: string, actorName: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${machineId}: actor "${actorName}" not provided`);
  });
}

/** The input of the actor that makes a declared call: none for a call that takes nothing. */
export type CallInput<D extends CallDeclaration> = RequestOf<D> extends undefined ? void : RequestOf<D>;
/** The output of the actor that makes a declared call: none for an empty answer (`{}`). */
export type CallOutput<D extends CallDeclaration> = keyof ResponseOf<D> extends never ? void : ResponseOf<D>;

/** A call whose answer the machine does not read: its actor's output is `unknown`. */
export interface AnswerIgnored<D extends CallDeclaration> {
  readonly answerIgnored: D;
}

export function answerIgnored<D extends CallDeclaration>(declaration: D): AnswerIgnored<D> {
  return { answerIgnored: declaration };
}

type CallActorLogic<T> =
  T extends AnswerIgnored<infer D> ? PromiseActorLogic<unknown, CallInput<D>> : T extends CallDeclaration ? PromiseActorLogic<CallOutput<T>, CallInput<T>> : never;

/**
 * The placeholder actors of a machine, each typed from the declaration of the call it makes
 * (contract/calls/*), as `fromCall(declaration)` in src/api provides them; nothing about the call
 * is written down again beside the machine.
 *
 *     actors: callActors('familyCreate', { createFamily: family.create })
 */
export function callActors<const TCalls extends Record<string, CallDeclaration | AnswerIgnored<CallDeclaration>>>(machineId: string, calls: TCalls) {
  return Object.fromEntries(Object.keys(calls).map((name) => [name, unprovided(machineId, name)])) as unknown as {
    [K in keyof TCalls]: CallActorLogic<TCalls[K]>;
  };
}

/**
 * A machine's `setup({ types })` from its context, events and input (and output, where it has
 * one): every flow's states carry the `FlowTag`s.
 */
export function flowTypes<TContext extends MachineContext, TEvent extends EventObject, TInput = NonReducibleUnknown>() {
  return { context: {} as TContext, events: {} as TEvent, input: {} as TInput, tags: {} as FlowTag };
}

/** The `children` of `setup({ types })`: each actor runs under its own name. */
export function childrenOf<TActors extends object>(_actors: TActors) {
  return {} as { [K in keyof TActors & string]: K };
}

/** What a machine keeps of a failure it has no dedicated state for. */
export type FailureCode = ErrorCode | 'network' | 'unknown';

/*
 * Named actions and guards receive the machine's own event union, which does not list the
 * `xstate.done.actor.*` / `xstate.error.actor.*` events XState raises for invoked actors. These
 * helpers are the one place that reads those events, checking the type at run time the way
 * `assertEvent` does for user events.
 */

export function actorOutput<T>(event: EventObject, actorId: string): T {
  const expected = `xstate.done.actor.${actorId}`;
  if (event.type !== expected) throw new Error(`Expected event ${expected}, got ${event.type}`);
  return (event as EventObject & { output: T }).output;
}

export function actorError(event: EventObject): unknown {
  if (!event.type.startsWith('xstate.error.actor.')) return undefined;
  return (event as EventObject & { error?: unknown }).error;
}

export function failureCode(event: EventObject): FailureCode {
  return errorCode(actorError(event));
}

function failureHasCode(event: EventObject, codes: readonly FailureCode[]): boolean {
  return codes.includes(failureCode(event));
}

/** The params of the `hasCode` guard: the refusal codes that lead to one state. */
export interface HasCodeParams {
  codes: readonly FailureCode[];
}

/**
 * Guards every form machine shares, spread into its `setup({ guards })`. A refusal is routed to
 * its state by the one parameterized guard, `guard: hasCode('familyFull')`, which stands for
 * `{ type: 'hasCode', params: { codes: ['familyFull'] } }`.
 */
export const formGuards = {
  hasCode: ({ event }: { event: EventObject }, params: HasCodeParams) => failureHasCode(event, params.codes),
  /** The server named the fields it refused (or the code belongs to one field). */
  hasFieldErrors: ({ event }: { event: EventObject }) => failureFields(event).length > 0,
};

/** The `hasCode` guard for a transition: true when the actor failed with one of `codes`. */
export function hasCode<const TCodes extends readonly FailureCode[]>(...codes: TCodes) {
  return { type: 'hasCode', params: { codes } } as const;
}

/**
 * Refusals that belong to one field. The server names the field itself (`fields`) for these
 * codes; this is the fallback so such a refusal still marks its field when `fields` is empty.
 */
export const CODE_FIELDS: Partial<Record<ErrorCode, FieldIssue>> = {
  loginIdTaken: { field: 'loginId', rule: 'taken' },
  emailTaken: { field: 'email', rule: 'taken' },
  termsNotAccepted: { field: 'acceptTerms', rule: 'accepted' },
  currentPasswordIncorrect: { field: 'currentPassword', rule: 'incorrect' },
  passwordSameAsOld: { field: 'newPassword', rule: 'sameAsOld' },
  passwordTooShort: { field: 'newPassword', rule: 'minLength' },
  passwordTooSimple: { field: 'newPassword', rule: 'complexity' },
  passwordTooCommon: { field: 'newPassword', rule: 'common' },
  passwordMismatch: { field: 'confirmNewPassword', rule: 'sameAs' },
};

/** Per-field problems of a failure: the server's `fields`, else the field its code belongs to. */
export function failureFields(event: EventObject): FieldIssue[] {
  const error = actorError(event);
  if (!(error instanceof ApiError)) return [];
  if (error.fields.length > 0) return error.fields;
  const issue = error.code === 'network' ? undefined : CODE_FIELDS[error.code];
  return issue ? [issue] : [];
}

export function failureHoldUntil(event: EventObject): string | null {
  const error = actorError(event);
  return error instanceof ApiError ? (error.holdUntil ?? null) : null;
}

export function withoutField(issues: readonly FieldIssue[], field: string): FieldIssue[] {
  return issues.filter((issue) => issue.field !== field);
}

export function validate(schema: v.GenericSchema, payload: unknown): FieldIssue[] {
  const result = parseWith(schema, payload);
  return result.ok ? [] : result.fields;
}

/**
 * The schema's issues plus the client-checkable password policy on `field`; the policy is only
 * reported when the schema found nothing wrong with that field, so one message shows per field.
 */
export function validateNewPassword(
  schema: v.GenericSchema,
  payload: unknown,
  password: string,
  policy: PasswordPolicy,
  field = 'newPassword',
): FieldIssue[] {
  const issues = validate(schema, payload);
  if (issues.some((issue) => issue.field === field)) return issues;
  const rule = checkPasswordPolicy(password, policy);
  return rule ? [{ field, rule }, ...issues] : issues;
}

// ---- The form piece: the context, actions, guards and states every form machine shares ---------

/** What every machine that shows refusals holds. */
export interface RefusalContext {
  /** Field problems found by the contract schema or answered by the server. */
  fieldErrors: FieldIssue[];
  /** The code of a failure with no state of its own (shown in `editing.failed`). */
  errorCode: FailureCode | null;
}

/** No refusal yet: the start of every `RefusalContext`. */
export const NO_REFUSAL = { fieldErrors: [] as FieldIssue[], errorCode: null as FailureCode | null };

/** No refusal and no hold yet: the start of every `HoldContext`. */
export const NO_HOLD = { ...NO_REFUSAL, holdUntil: null as string | null };

/** The start of a form behind the widget: its values, no token yet, no refusal. */
export function recaptchaFormStart<TValues extends object>(values: TValues) {
  return { values, recaptcha: '', recaptchaRound: 0, ...NO_REFUSAL };
}

/** What every form machine's context holds. */
export interface FormContext extends RefusalContext {
  values: object;
}

/** A form behind a reCAPTCHA widget. */
export interface RecaptchaContext extends FormContext {
  /** The reCAPTCHA token; empty until solved, and again once spent or expired. */
  recaptcha: string;
  /** Counts spent tokens thrown away: the view resets the widget when it changes. */
  recaptchaRound: number;
}

/** The reCAPTCHA widget's events, part of the event union of every form behind it. */
export type RecaptchaEvent = { type: 'recaptcha.solve'; token: string } | { type: 'recaptcha.expire' };

/** The `form.change` event every form sends; a machine narrows `field` and `value`. */
interface FormChange {
  type: 'form.change';
  field: string;
  value: unknown;
}

function changeOf(event: EventObject): FormChange {
  if (event.type !== 'form.change') throw new Error(`Expected event form.change, got ${event.type}`);
  return event as FormChange;
}

function tokenOf(event: EventObject): string {
  if (event.type !== 'recaptcha.solve') throw new Error(`Expected event recaptcha.solve, got ${event.type}`);
  return (event as EventObject & { token: string }).token;
}

/**
 * An `assign` typed for the machine it is spread into. The shared actions only read and write
 * the `FormContext`/`RecaptchaContext` part of a machine's context, which the type parameter's
 * bound guarantees; the cast tells TypeScript what it cannot see through the generic.
 */
function update<TContext extends MachineContext, TEvent extends EventObject>(
  assigner: (args: { context: TContext; event: EventObject }) => Partial<RecaptchaContext & HoldContext>,
) {
  return assign<TContext, TEvent, undefined, TEvent, never>(assigner as (args: { context: TContext; event: EventObject }) => Partial<TContext>);
}

/** Clearing and recording refusals, for `setup({ actions })`. */
export function refusalActions<TContext extends RefusalContext, TEvent extends EventObject>() {
  const set = update<TContext, TEvent>;
  return {
    clearErrors: set(() => ({ fieldErrors: [], errorCode: null })),
    assignServerFieldErrors: set(({ event }) => ({ fieldErrors: failureFields(event) })),
    assignErrorCode: set(({ event }) => ({ errorCode: failureCode(event) })),
  };
}

/** What a machine holds of a failure it only names: the code. */
export interface ErrorCodeContext {
  errorCode: FailureCode | null;
}

/** Keeping and clearing a failure's code, for `setup({ actions })` of machines without a form. */
export function errorCodeActions<TContext extends ErrorCodeContext, TEvent extends EventObject>() {
  const set = update<TContext, TEvent>;
  return {
    assignErrorCode: set(({ event }) => ({ errorCode: failureCode(event) })),
    clearError: set(() => ({ errorCode: null })),
  };
}

/** A form whose refusals may come with a hold: the time until which the server will not answer again. */
export interface HoldContext extends RefusalContext {
  holdUntil: string | null;
}

/**
 * `refusalActions` for a form with a hold, spread after them: clearing errors also ends the hold,
 * a failure's code comes with its hold (if any), and `assignHoldUntil` keeps the hold alone.
 */
export function holdActions<TContext extends HoldContext, TEvent extends EventObject>() {
  const set = update<TContext, TEvent>;
  return {
    clearErrors: set(() => ({ fieldErrors: [], errorCode: null, holdUntil: null })),
    assignErrorCode: set(({ event }) => ({ errorCode: failureCode(event), holdUntil: failureHoldUntil(event) })),
    assignHoldUntil: set(({ event }) => ({ holdUntil: failureHoldUntil(event) })),
  };
}

/** `form.change` into `context.values`, for `setup({ actions })`. */
export function valueActions<TContext extends FormContext, TEvent extends EventObject>() {
  const set = update<TContext, TEvent>;
  return {
    /** Typing in a field clears that field's problem, and only that one. */
    assignValue: set(({ context, event }) => {
      const { field, value } = changeOf(event);
      return { values: { ...context.values, [field]: value }, fieldErrors: withoutField(context.fieldErrors, field) };
    }),
  };
}

/**
 * The guards and actions of a form, for `setup({ guards, actions })`: `issues` is the client-side
 * check of the form (the contract schema, the password policy…) that `form.submit` runs first.
 *
 *     const form = formPiece<LoginContext, LoginEvent>((context) => validate(LoginRequestSchema, …));
 *     setup({ guards: form.guards, actions: { ...form.actions, assignUser } })
 */
export function formPiece<TContext extends FormContext, TEvent extends EventObject>(issues: (context: TContext) => FieldIssue[]) {
  const set = update<TContext, TEvent>;
  return {
    guards: {
      ...formGuards,
      isFormInvalid: ({ context }: { context: TContext }) => issues(context).length > 0,
    },
    actions: {
      ...valueActions<TContext, TEvent>(),
      ...refusalActions<TContext, TEvent>(),
      assignValidationErrors: set(({ context }) => ({ fieldErrors: issues(context) })),
    },
  };
}

/** The actions of the reCAPTCHA widget on a form, for `setup({ actions })`. */
export function recaptchaActions<TContext extends RecaptchaContext, TEvent extends EventObject>() {
  const set = update<TContext, TEvent>;
  return {
    assignRecaptcha: set(({ context, event }) => ({ recaptcha: tokenOf(event), fieldErrors: withoutField(context.fieldErrors, 'recaptcha') })),
    clearRecaptcha: set(() => ({ recaptcha: '' })),
    /** A token is spent once the server has seen it, whatever it answered. */
    discardSpentRecaptcha: set(({ context }) => ({ recaptcha: '', recaptchaRound: context.recaptchaRound + 1 })),
  };
}

/** The form piece of a form behind a reCAPTCHA widget: `formPiece` plus `recaptchaActions`. */
export function recaptchaFormPiece<TContext extends RecaptchaContext, TEvent extends EventObject>(issues: (context: TContext) => FieldIssue[]) {
  const form = formPiece<TContext, TEvent>(issues);
  return { guards: form.guards, actions: { ...form.actions, ...recaptchaActions<TContext, TEvent>() } };
}

/** A form that sets a new password, checked against the schema and the password policy. */
export interface NewPasswordContext extends FormContext {
  values: { newPassword: string; confirmNewPassword: string };
  policy: PasswordPolicy;
}

/**
 * The form piece of a new-password form (activation, reset, change): `issues` is the schema's
 * check of `payload(context)` plus the policy on `newPassword`, and `forgetPassword` clears both
 * password fields once the server has them, so they do not linger in memory.
 */
export function newPasswordPiece<TContext extends NewPasswordContext, TEvent extends EventObject>(
  schema: v.GenericSchema,
  payload: (context: TContext) => unknown,
) {
  const form = formPiece<TContext, TEvent>((context) => validateNewPassword(schema, payload(context), context.values.newPassword, context.policy));
  const set = update<TContext, TEvent>;
  return { guards: form.guards, actions: { ...form.actions, forgetPassword: set(() => ({ values: { newPassword: '', confirmNewPassword: '' } })) } };
}

/** A state where the form shows a refusal. */
export const REFUSED = { tags: ['error'] } as const;

/** The widget's events while the form is shown. */
export const RECAPTCHA_ON = {
  'recaptcha.solve': { actions: 'assignRecaptcha' },
  'recaptcha.expire': { actions: 'clearRecaptcha' },
} as const;

/**
 * The `editing` state of a form: `idle`, `invalid` (the check or the server named fields), the
 * machine's own refusal states, then `failed` (any other failure, its code in `errorCode`).
 * `form.submit` checks the form first and goes on to `submitTo` with the errors cleared.
 */
export function formEditing<const TOn extends object = {}, const TStates extends object = {}, const TSubmitTo extends string = 'submitting'>(
  options: { on?: TOn; states?: TStates; submitTo?: TSubmitTo } = {},
) {
  const { on = {} as TOn, states = {} as TStates, submitTo = 'submitting' as TSubmitTo } = options;
  return {
    tags: ['ready'],
    initial: 'idle',
    on: { 'form.change': { actions: 'assignValue' }, 'form.submit': checkedSubmit(submitTo), ...on },
    states: editingStates(states),
  } as const;
}

/** The client-side check found problems: the form's `invalid`, the problems at their fields. */
export const FORM_INVALID_ROUTE = { guard: 'isFormInvalid', target: '.invalid', actions: 'assignValidationErrors' } as const;

/** `form.submit`: the form is checked first, then goes on to `submitTo` with the errors cleared. */
export function checkedSubmit<const TSubmitTo extends string>(submitTo: TSubmitTo) {
  return [FORM_INVALID_ROUTE, { target: submitTo, actions: 'clearErrors' }] as const;
}

/** Any failure with no route of its own: `target`, its code kept in `errorCode`. */
export function failTo<const TTarget extends string>(target: TTarget) {
  return { target, actions: 'assignErrorCode' } as const;
}

/** Adds `item` to `list`, or takes it out if it is there (a ticked box). */
export function toggled<T>(list: readonly T[], item: T): T[] {
  return list.includes(item) ? list.filter((other) => other !== item) : [...list, item];
}

/** The substates of a form's `editing`: `idle`, `invalid`, the machine's refusal states, `failed`. */
export function editingStates<const TStates extends object = {}>(states: TStates = {} as TStates) {
  return { idle: {}, invalid: REFUSED, ...states, failed: REFUSED } as const;
}

/**
 * A refusal with a state of its own under `editing`: the state says what happened, and
 * `errorCode` keeps the code, so a view finds the message by the code in one place rather than
 * turning states back into codes.
 */
export function refusal<const TTarget extends string, const TCodes extends readonly FailureCode[]>(target: TTarget, ...codes: TCodes) {
  return { guard: hasCode(...codes), target, actions: 'assignErrorCode' } as const;
}

/**
 * A refusal state that stands for one catalogue code whoever decided it (the server, or the
 * client from what it already knows): the code is declared once, on the state, as
 * `meta.refusal`, and views read it from there (`stateRefusal` in src/i18n/refusal-messages.ts).
 */
export function refusedAs<const TCode extends FailureCode, const TConfig extends object>(code: TCode, config: TConfig) {
  return { ...config, meta: { refusal: code } } as const;
}

/** The server refused the reCAPTCHA token: `editing.recaptchaFailed`, the widget to solve again. */
export const RECAPTCHA_FAILED_ROUTE = refusal('editing.recaptchaFailed', 'recaptchaFailed');

/** The server named the fields it refused: show them at their fields. */
export const FIELD_ERRORS_ROUTE = { guard: 'hasFieldErrors', target: 'editing.invalid', actions: 'assignServerFieldErrors' } as const;

/** Any other failure: `editing.failed` with its code. */
export const FAILED_ROUTE = { target: 'editing.failed', actions: 'assignErrorCode' } as const;

/** The refusals of a form behind the widget: the token refused, the named fields, else `editing.failed`; each spends the token. */
export const RECAPTCHA_SUBMIT_FAILED_ROUTES = spendingRecaptcha([RECAPTCHA_FAILED_ROUTE, FIELD_ERRORS_ROUTE, FAILED_ROUTE]);

/** The `editing` of a form behind the widget: its events, and `recaptchaFailed` among the refusals. */
export function recaptchaFormEditing<const TOn extends object = {}, const TStates extends object = {}>(options: { on?: TOn; states?: TStates } = {}) {
  const { on = {} as TOn, states = {} as TStates } = options;
  return formEditing({ on: { ...RECAPTCHA_ON, ...on }, states: { recaptchaFailed: REFUSED, ...states } });
}

/** The server holds the form back for a while: `target` (by default `editing.held`) with the code and the time. */
export function heldRoute<const TTarget extends string = 'editing.held'>(target: TTarget = 'editing.held' as TTarget) {
  return { guard: hasCode('held'), target, actions: ['assignErrorCode', 'assignHoldUntil'] } as const;
}

/**
 * Too many requests from this network or for this login or email (the account-discovery limits,
 * docs/decisions/holds.md): `target` (by default `editing.tooManyRequests`) with the code and
 * `holdUntil`, so the view says when to try again. The machine keeps a `HoldContext` (`holdActions`).
 */
export function tooManyRequestsRoute<const TTarget extends string = 'editing.tooManyRequests'>(target: TTarget = 'editing.tooManyRequests' as TTarget) {
  return { guard: hasCode('tooManyRequests'), target, actions: ['assignErrorCode', 'assignHoldUntil'] } as const;
}

/** The refusals of a form behind the widget whose call is counted as account discovery: `RECAPTCHA_SUBMIT_FAILED_ROUTES` plus `tooManyRequestsRoute`. */
export const RECAPTCHA_DISCOVERY_FAILED_ROUTES = spendingRecaptcha([RECAPTCHA_FAILED_ROUTE, FIELD_ERRORS_ROUTE, tooManyRequestsRoute(), FAILED_ROUTE]);

/** A form's refusals with no state of their own: the named fields, else `editing.failed`. */
export const SUBMIT_FAILED_ROUTES = [FIELD_ERRORS_ROUTE, FAILED_ROUTE] as const;

/**
 * A state that runs the actor `src` (its id is its name) while the flow is `busy`: the invoke's
 * `input`, `onDone` and `onError` as XState reads them.
 */
export function calling<const TSrc extends string, const TInvoke extends { input?: unknown; onDone?: unknown; onError?: unknown }>(src: TSrc, invoke: TInvoke) {
  return { tags: ['busy'], invoke: { id: src, src, ...invoke } } as const;
}

/** A form's `submitting`: `calling`, refused by default to the fields or `editing.failed`. */
export function submitting<const TSrc extends string, const TInvoke extends { input?: unknown; onDone?: unknown; onError?: unknown }>(src: TSrc, invoke: TInvoke) {
  return calling(src, { onError: SUBMIT_FAILED_ROUTES, ...invoke });
}

type ActionsOf<TRoute> = TRoute extends { actions: infer A } ? (A extends readonly unknown[] ? A : readonly [A]) : readonly [];

/** The same routes, each throwing the spent reCAPTCHA token away first. */
export function spendingRecaptcha<const TRoutes extends readonly object[]>(routes: TRoutes) {
  return routes.map((route) => {
    const actions: unknown = (route as { actions?: unknown }).actions;
    const rest = actions === undefined ? [] : Array.isArray(actions) ? actions : [actions];
    return { ...route, actions: rest.length === 0 ? 'discardSpentRecaptcha' : ['discardSpentRecaptcha', ...rest] };
  }) as unknown as {
    [K in keyof TRoutes]: Omit<TRoutes[K], 'actions'> & {
      actions: ActionsOf<TRoutes[K]> extends readonly [] ? 'discardSpentRecaptcha' : readonly ['discardSpentRecaptcha', ...ActionsOf<TRoutes[K]>];
    };
  };
}

// ---- Emailed links (activation, password reset): checked first, refused for good -------------

/**
 * Where a refused emailed link leads: one end state per SPEC §8 reason (issue 26): `used`,
 * `expired`, `notFound` (no record of the link), `wrongUrl` (the address is cut or mistyped)
 * and `userNotFound` (the link's account is gone): each page says what to do about its reason.
 */
export function linkRefusalRoutes<const TMachineId extends string>(machineId: TMachineId) {
  return [
    { guard: hasCode('alreadyUsed'), target: `#${machineId}.used` },
    { guard: hasCode('expired'), target: `#${machineId}.expired` },
    { guard: hasCode('recordNotFound'), target: `#${machineId}.notFound` },
    { guard: hasCode('wrongUrl'), target: `#${machineId}.wrongUrl` },
    { guard: hasCode('userNotFound'), target: `#${machineId}.userNotFound` },
  ] as const;
}

/** The end states of a refused link, spread into the machine's top-level states. */
export const LINK_REFUSED_STATES = {
  used: { type: 'final', tags: ['error'] },
  expired: { type: 'final', tags: ['error'] },
  notFound: { type: 'final', tags: ['error'] },
  wrongUrl: { type: 'final', tags: ['error'] },
  userNotFound: { type: 'final', tags: ['error'] },
} as const;

/** The check itself failed (network, server): the link may be fine, so offer to retry. */
export const LINK_CHECK_FAILED = { tags: ['error'], on: { retry: 'checking' } } as const;

/**
 * The `checking` state of a link: the actor `src` reads the link's record; a refusal ends the
 * flow, any other failure goes to `checkFailed` (`LINK_CHECK_FAILED`).
 */
export function linkChecking<const TMachineId extends string, const TSrc extends string, TInput, const TDone>(
  machineId: TMachineId,
  src: TSrc,
  input: TInput,
  onDone: TDone,
) {
  return {
    tags: ['busy'],
    invoke: {
      id: src,
      src,
      input,
      onDone,
      onError: [...linkRefusalRoutes(machineId), { target: 'checkFailed', actions: 'assignErrorCode' }],
    },
  } as const;
}
