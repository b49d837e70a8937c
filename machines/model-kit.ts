import { fromPromise, type AnyMachineSnapshot, type AnyStateMachine, type AnyStateNode, type EventFromLogic, type EventObject, type InputFrom } from 'xstate';
import { ApiError } from '../contract/api-error.ts';
import { ERROR_CODES, type ErrorCode, type FieldIssue } from '../contract/errors.ts';
import type { PasswordPolicy } from '../contract/password-policy.ts';
import type { User } from '../contract/schemas/account.ts';
import { DEFAULT_PASSWORD_COMPLEXITY, DEFAULT_PASSWORD_MIN_LENGTH } from '../contract/constants.ts';

/**
 * A machine together with everything the graph walker, the model tests, the stories and the
 * end-to-end journeys need to drive it without a server.
 */
export interface MachineModel<TMachine extends AnyStateMachine = AnyStateMachine> {
  /** The registry name, which is also the machine's id. */
  name: string;
  /** The machine with every actor replaced by a fake that never settles. */
  machine: TMachine;
  input: InputFrom<TMachine>;
  /**
   * Every event the walker may send: user events with sample payloads, and
   * `xstate.done.actor.<id>` / `xstate.error.actor.<id>` events standing for actor results.
   * In each state only the events the machine would act on are tried.
   */
  events: readonly EventObject[];
  /**
   * The part of a snapshot's context that decides how the machine reacts. Two snapshots with the
   * same state value and key must react alike to every event; data that is only shown (field
   * errors, the user) is left out so the graph stays small.
   */
  key: (snapshot: AnyMachineSnapshot) => unknown;
  /** Narrows the events tried while enumerating simple paths (shortest paths try them all). */
  simplePathFilter: ((snapshot: AnyMachineSnapshot, event: EventObject) => boolean) | undefined;
  /** Event sequences added to the generated paths, for transitions the walk would not find. */
  paths: readonly (readonly EventObject[])[];
}

/** The result of an invoked actor, as XState delivers it to the machine. */
export type ActorResultEvent =
  | { type: `xstate.done.actor.${string}`; output: unknown; actorId: string }
  | { type: `xstate.error.actor.${string}`; error: unknown; actorId: string };

/** What a model may send: the machine's own events (type-checked payloads) and actor results. */
export type ModelEvent<TMachine extends AnyStateMachine> = EventFromLogic<TMachine> | ActorResultEvent;

export interface ModelOptions<TMachine extends AnyStateMachine> {
  input: InputFrom<TMachine>;
  /**
   * The sample events. A failure for every refusal code the machine routes (`hasCode` in an
   * invoke's `onError`) is added by `defineModel` (`refusalSamples`): list here only the failures
   * that need more than their code (`holdUntil`, `fields`) and those the machine does not route
   * (a generic `failed` state's samples).
   */
  events: readonly ModelEvent<TMachine>[];
  key?: (snapshot: AnyMachineSnapshot) => unknown;
  simplePathFilter?: (snapshot: AnyMachineSnapshot, event: EventObject) => boolean;
  paths?: readonly (readonly ModelEvent<TMachine>[])[];
}

/** An actor that never answers: replay feeds its result by hand as a done or error event. */
const neverSettles = fromPromise<never, unknown>(() => new Promise<never>(() => {}));

export function defineModel<TMachine extends AnyStateMachine>(machine: TMachine, options: ModelOptions<TMachine>): MachineModel<TMachine> {
  const actors = Object.fromEntries(Object.keys(machine.implementations.actors).map((name) => [name, neverSettles]));
  const provided = (machine as AnyStateMachine).provide({ actors }) as TMachine;
  return {
    name: machine.id,
    machine: provided,
    input: options.input,
    events: withRefusalSamples(machine, options.events),
    key: options.key ?? contextKey(),
    simplePathFilter: options.simplePathFilter,
    paths: options.paths ?? [],
  };
}

/** A key made of the whole context except the named display-only fields. */
export function contextKey(...ignored: string[]): (snapshot: AnyMachineSnapshot) => unknown {
  return (snapshot) => {
    const context = (snapshot.context ?? {}) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(context).filter(([name]) => !ignored.includes(name)));
  };
}

/**
 * A transition's guard as a tester reads it: `isFormInvalid`, `hasCode(familyFull)`,
 * `isUntouchedLink and hasCode(familyNotFound, …)`; `inline` names a guard with no name.
 */
export function guardLabel(guard: unknown, inline = 'inline guard'): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) {
    const { type, params } = guard as { type: unknown; params?: { codes?: unknown } };
    return Array.isArray(params?.codes) ? `${String(type)}(${params.codes.join(', ')})` : String(type);
  }
  const composite = guard as { guards?: unknown[]; check?: { name?: string } };
  if (typeof guard === 'function' && Array.isArray(composite.guards)) {
    const op = composite.check?.name?.replace(/^check/, '').toLowerCase() ?? 'and';
    const parts = composite.guards.map((part) => guardLabel(part, inline));
    return op === 'not' ? `not ${parts[0]}` : parts.join(` ${op} `);
  }
  return inline;
}

// ---- Refusal routes ------------------------------------------------------------------------

export function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap(allNodes)];
}

/** Every `hasCode` code in a guard, composite guards (`and`, `or`, `not`) included. */
export function guardCodes(guard: unknown): string[] {
  if (!guard) return [];
  if (typeof guard === 'function') return ((guard as { guards?: unknown[] }).guards ?? []).flatMap(guardCodes);
  if (typeof guard !== 'object') return [];
  const { type, params } = guard as { type?: string; params?: { codes?: readonly string[] } };
  return type === 'hasCode' ? [...(params?.codes ?? [])] : [];
}

/** A routed refusal: the code, the invoke whose failure it routes (its id and its actor `src`), and the state. */
export interface RefusalRoute {
  code: string;
  actorId: string;
  actor: string;
  state: string;
}

/**
 * The refusal codes a machine routes: every `hasCode` code on an `xstate.error.actor.<id>`
 * transition, with the invoke it belongs to, in the machine's order. test/model/refusal-codes.test.ts
 * checks them against the calls behind each actor; `defineModel` makes a sample failure of each.
 */
export function routedRefusals(machine: AnyStateMachine): RefusalRoute[] {
  const nodes = allNodes(machine.root);
  const srcById = new Map<string, string>();
  for (const node of nodes) for (const invoke of node.invoke as Array<{ id: string; src: unknown }>) if (typeof invoke.src === 'string') srcById.set(invoke.id, invoke.src);
  const routes: RefusalRoute[] = [];
  for (const node of nodes) {
    for (const [eventType, transitions] of node.transitions) {
      if (!eventType.startsWith('xstate.error.actor.')) continue;
      const actorId = eventType.slice('xstate.error.actor.'.length);
      const actor = srcById.get(actorId);
      if (!actor) continue;
      for (const transition of transitions) for (const code of guardCodes(transition.guard)) routes.push({ code, actorId, actor, state: node.id });
    }
  }
  return routes;
}

/**
 * One failure per refusal code the machine routes, per invoke (`fail(id, apiError(code))`), for
 * the codes `events` has no failure of yet (one with `fields` does not count: it may take another
 * route): so a new refusal's transition is taken by the generated paths without a model listing
 * its code by hand.
 */
export function refusalSamples(machine: AnyStateMachine, events: readonly EventObject[]): ActorResultEvent[] {
  const sampled = new Set(
    events.flatMap((event) => {
      const error = (event as { error?: unknown }).error;
      // A failure with `fields` may go elsewhere (the form's field errors) than its code's route.
      return event.type.startsWith('xstate.error.actor.') && error instanceof ApiError && error.fields.length === 0 ? [`${event.type} ${error.code}`] : [];
    }),
  );
  const samples: ActorResultEvent[] = [];
  for (const { code, actorId } of routedRefusals(machine)) {
    const key = `xstate.error.actor.${actorId} ${code}`;
    if (sampled.has(key) || code === 'unknown') continue;
    sampled.add(key);
    samples.push(fail(actorId, code === 'network' ? networkError() : apiError(code as ErrorCode)));
  }
  return samples;
}

/** The model's events with the routed refusals' samples, each after the last event of its actor (at the end for an actor with none). */
function withRefusalSamples(machine: AnyStateMachine, events: readonly EventObject[]): EventObject[] {
  const result = [...events];
  for (const sample of refusalSamples(machine, events)) {
    const last = result.findLastIndex((event) => (event as { actorId?: string }).actorId === sample.actorId);
    result.splice(last < 0 ? result.length : last + 1, 0, sample);
  }
  return result;
}

// ---- Sample events -------------------------------------------------------------------------

export function done(actorId: string, output: unknown): ActorResultEvent {
  return { type: `xstate.done.actor.${actorId}`, output, actorId };
}

export function fail(actorId: string, error: unknown): ActorResultEvent {
  return { type: `xstate.error.actor.${actorId}`, error, actorId };
}

/** One failure per code, each with the status the server answers it with. */
export function failEach(actorId: string, codes: readonly ErrorCode[]): ActorResultEvent[] {
  return codes.map((code) => fail(actorId, apiError(code)));
}

export function apiError(code: ErrorCode, options: { holdUntil?: string; fields?: FieldIssue[] } = {}): ApiError {
  return new ApiError(code, ERROR_CODES[code], options);
}

/** A call that never got an answer (offline, DNS, aborted). */
export function networkError(): ApiError {
  return new ApiError('network', 0);
}

export function change<F extends string, V>(field: F, value: V): { type: 'form.change'; field: F; value: V } {
  return { type: 'form.change', field, value };
}

/** `form.change` events setting `field` to each of `values`. */
export function changes<F extends string, V>(field: F, ...values: V[]): Array<{ type: 'form.change'; field: F; value: V }> {
  return values.map((value) => change(field, value));
}

export interface Fill<TEvent extends EventObject = EventObject> {
  /** The event that fills one field with a valid value. */
  event: TEvent;
  /** Whether the field already holds that value. */
  filled: (snapshot: AnyMachineSnapshot) => boolean;
}

/**
 * A simple-path filter for forms: fields are filled in the given order, each once, with its
 * valid sample, and the other samples of those event types are left to the shortest paths.
 * Without it a form of n fields has 2^n value combinations and the simple paths between them
 * grow past anything worth running.
 */
export function fillInOrder(fills: readonly Fill[], options: { exclude?: readonly string[] } = {}) {
  const fillTypes = new Set(fills.map((fill) => fill.event.type));
  const exclude = new Set(options.exclude ?? []);
  return (snapshot: AnyMachineSnapshot, event: EventObject): boolean => {
    if (exclude.has(event.type)) return false;
    if (!fillTypes.has(event.type)) return true;
    const next = fills.find((fill) => !fill.filled(snapshot));
    return next !== undefined && sameEvent(next.event, event);
  };
}

/** The fill of a form field: a `form.change` to `value`, done once `context.values[field]` holds it. */
export function fillField<F extends string, V>(field: F, value: V): Fill<{ type: 'form.change'; field: F; value: V }> {
  return { event: change(field, value), filled: (snapshot) => valueOf(snapshot, field) === value };
}

/** The reCAPTCHA widget solved with `token`. */
export function solveRecaptcha<const TToken extends string>(token: TToken) {
  return { type: 'recaptcha.solve', token } as const;
}

/** The fill of a form's reCAPTCHA widget: `solve`, done once `context.recaptcha` holds its token. */
export function recaptchaFill<TSolve extends { type: 'recaptcha.solve'; token: string }>(solve: TSolve): Fill<TSolve> {
  return { event: solve, filled: (snapshot) => (snapshot.context as { recaptcha?: string }).recaptcha === solve.token };
}

function sameEvent(a: EventObject, b: EventObject): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Reads `context.values[field]` of a form machine's snapshot. */
export function valueOf(snapshot: AnyMachineSnapshot, field: string): unknown {
  const values = (snapshot.context as { values?: Record<string, unknown> } | undefined)?.values;
  return values?.[field];
}

// ---- Sample data (the seeded demo accounts, so journeys and stories agree) -------------------

export const SAMPLE_PASSWORD = 'Portal-Demo-2026';

export function samplePolicy(overrides: Partial<PasswordPolicy> = {}): PasswordPolicy {
  return { minLength: DEFAULT_PASSWORD_MIN_LENGTH, complexity: DEFAULT_PASSWORD_COMPLEXITY, ...overrides };
}

export function sampleUser(overrides: Partial<User> = {}): User {
  return {
    userId: 'u-public1',
    loginId: 'demo_public1',
    loginEmail: 'public1@demo.test',
    contactEmail: 'public1@demo.test',
    category: 'PUBLIC',
    displayName: 'Demo Public 1',
    schoolCode: null,
    permissions: ['family'],
    userFamilyRoles: [],
    language: 'zh_hant',
    ...overrides,
  };
}

/** A fixed time an hour after the demo clock's noon, for holds. */
export const SAMPLE_HOLD_UNTIL = '2026-01-15T13:00:00.000Z';

/** The demo clock's noon, the time every family sample is seen at (holds end an hour later). */
export const SAMPLE_NOW = Date.parse('2026-01-15T12:00:00.000Z');
export const sampleNow = (): number => SAMPLE_NOW;

/**
 * The event XState raises when a delayed transition fires, for the walker to send by hand.
 * model-kit's `ModelEvent` has no case for timers, hence the cast.
 */
export function timerEvent<TMachine extends AnyStateMachine>(delay: string, stateId: string): ModelEvent<TMachine> {
  return { type: `xstate.after.${delay}.${stateId}` } as unknown as ModelEvent<TMachine>;
}
