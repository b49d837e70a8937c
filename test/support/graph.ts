import {
  createActor,
  initialTransition,
  transition,
  type AnyActorRef,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
  type InspectionEvent,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, getSimplePaths, getStateNodes, toDirectedGraph, type DirectedGraphNode, type StatePath } from '@xstate/graph';
import { ApiError } from '../../contract/api-error.ts';
import { guardLabel, type MachineModel } from '../../machines/model-kit.ts';

/**
 * A path through a model: `steps[0]` is the initial snapshot (event `xstate.init`), and every
 * later step is an event with the snapshot the graph says it leads to.
 */
export type ModelPath = StatePath<AnyMachineSnapshot, EventObject>;
type AnyModel = MachineModel<AnyStateMachine>;

/** Above this many explored transitions a model's graph is taken to be unbounded: fix its key. */
const TRAVERSAL_LIMIT = 50_000;

/** The identity of a snapshot in the graph: its state value and the model's key. */
export function stateKey(model: AnyModel, snapshot: AnyMachineSnapshot): string {
  return JSON.stringify({ value: snapshot.value, key: model.key(snapshot) });
}

function traversal(model: AnyModel) {
  return {
    input: model.input,
    events: (snapshot: AnyMachineSnapshot) => model.events.filter((event) => snapshot.status === 'active' && snapshot.can(event)),
    serializeState: (snapshot: AnyMachineSnapshot) => stateKey(model, snapshot),
    serializeEvent: serializeEvent,
    limit: TRAVERSAL_LIMIT,
  };
}

function serializeEvent(event: EventObject): string {
  return JSON.stringify(event);
}

const shortestCache = new WeakMap<AnyModel, ModelPath[]>();

/** One shortest path to every distinct snapshot of the model's graph. */
export function shortestPaths(model: AnyModel): ModelPath[] {
  let paths = shortestCache.get(model);
  if (!paths) {
    paths = getShortestPaths(model.machine, traversal(model)) as ModelPath[];
    shortestCache.set(model, paths);
  }
  return paths;
}

/**
 * The paths the model tests replay: shortest paths to every snapshot, simple paths (narrowed by
 * the model's filter), the model's own hints, and for any transition still not taken, the
 * shortest path to a snapshot where it fires plus that event (simple paths never close a cycle,
 * so transitions back to a visited snapshot need this). Paths that are a prefix of another are
 * dropped. Ordered by length, then by events, so runs and printouts are stable.
 */
export function modelPaths(model: AnyModel): ModelPath[] {
  // @xstate/graph 3.0 has no `filterEvents` option (the copy inside xstate 5.33 has): it would be
  // ignored and the simple paths explode, so the model's filter narrows the events instead.
  const base = traversal(model);
  const filter = model.simplePathFilter;
  const simple = getSimplePaths(model.machine, {
    ...base,
    ...(filter ? { events: (snapshot: AnyMachineSnapshot) => base.events(snapshot).filter((event) => filter(snapshot, event)) } : {}),
  }) as ModelPath[];
  const hinted = model.paths.map((events) => pathFromEvents(model, events));
  const paths = [...shortestPaths(model), ...simple, ...hinted];
  return dedupe([...paths, ...completion(model, paths)]);
}

/**
 * Fewer, shorter paths for replays that cost a browser render per step (the view paths): the
 * shortest path to every state value, plus a path through every transition those miss, with the
 * prefixes of longer paths pruned. Every state and transition is still on some path.
 */
export function transitionPaths(model: AnyModel): ModelPath[] {
  const byValue = new Map<string, ModelPath>();
  for (const path of shortestPaths(model)) {
    const value = JSON.stringify(path.state.value);
    const best = byValue.get(value);
    if (!best || path.weight < best.weight) byValue.set(value, path);
  }
  const shortest = [...byValue.values()];
  return dedupe([...shortest, ...completion(model, shortest)]);
}

function selectedTransitions(model: AnyModel, snapshot: AnyMachineSnapshot, event: EventObject): AnyTransitionDefinition[] {
  return (model.machine.getTransitionData(snapshot, event) ?? []) as AnyTransitionDefinition[];
}

function completion(model: AnyModel, paths: readonly ModelPath[]): ModelPath[] {
  const missing = new Set(machineEdges(model).map((edge) => edge.transition));
  for (const path of paths) {
    for (let i = 1; i < path.steps.length; i++) {
      for (const t of selectedTransitions(model, path.steps[i - 1]!.state, path.steps[i]!.event)) missing.delete(t);
    }
  }
  if (missing.size === 0) return [];
  const toKey = new Map(shortestPaths(model).map((path) => [stateKey(model, path.state), path]));
  const adjacency = getAdjacencyMap(model.machine, traversal(model));
  const extra: ModelPath[] = [];
  for (const [serial, vertex] of Object.entries(adjacency)) {
    const head = toKey.get(serial);
    if (!head) continue;
    const transitions = Object.values(vertex.transitions) as Array<{ event: EventObject; state: unknown }>;
    for (const { event, state } of transitions) {
      const hits = selectedTransitions(model, vertex.state as AnyMachineSnapshot, event).filter((t) => missing.has(t));
      if (hits.length === 0) continue;
      for (const t of hits) missing.delete(t);
      const next = state as AnyMachineSnapshot;
      extra.push({ state: next, steps: [...head.steps, { state: next, event }], weight: head.weight + 1 });
    }
  }
  return extra;
}

function eventSequence(path: ModelPath): string[] {
  return path.steps.slice(1).map((step) => serializeEvent(step.event));
}

function dedupe(paths: ModelPath[]): ModelPath[] {
  const byLength = [...paths].sort((a, b) => b.steps.length - a.steps.length);
  const prefixes = new Set<string>();
  const kept: ModelPath[] = [];
  for (const path of byLength) {
    const sequence = eventSequence(path);
    const whole = sequence.join('\n');
    if (prefixes.has(whole)) continue;
    kept.push(path);
    for (let i = 0; i <= sequence.length; i++) prefixes.add(sequence.slice(0, i).join('\n'));
  }
  return kept
    .map((path) => ({ path, text: eventSequence(path).join('\n') }))
    .sort((a, b) => a.path.steps.length - b.path.steps.length || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0))
    .map(({ path }) => path);
}

/** Builds a path from an event sequence; every event must be one the machine acts on. */
export function pathFromEvents(model: AnyModel, events: readonly AnyEventObject[]): ModelPath {
  let [snapshot] = initialTransition(model.machine, model.input) as [AnyMachineSnapshot, unknown];
  const steps: ModelPath['steps'] = [{ state: snapshot, event: { type: 'xstate.init' } }];
  for (const event of events) {
    if (!snapshot.can(event)) {
      throw new Error(`${model.name}: event ${serializeEvent(event)} does nothing in ${stateLabel(snapshot)}`);
    }
    [snapshot] = transition(model.machine, snapshot, event) as [AnyMachineSnapshot, unknown];
    steps.push({ state: snapshot, event });
  }
  return { state: snapshot, steps, weight: events.length };
}

// ---- Replay --------------------------------------------------------------------------------

interface Run {
  snapshots: AnyMachineSnapshot[];
  transitions: Set<AnyTransitionDefinition>;
  nodes: Set<AnyStateNode>;
}

function run(model: AnyModel, path: ModelPath): Run {
  const transitions = new Set<AnyTransitionDefinition>();
  const nodes = new Set<AnyStateNode>();
  let root: AnyActorRef | undefined;
  const inspect = (event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep' || event.actorRef !== root) return;
    for (const t of event._transitions) transitions.add(t);
    for (const node of (event.snapshot as AnyMachineSnapshot)._nodes) nodes.add(node);
  };
  const actor = createActor(model.machine, { input: model.input, inspect });
  root = actor;
  const errors: unknown[] = [];
  actor.subscribe({ error: (error) => errors.push(error) });
  actor.start();
  const snapshots = [actor.getSnapshot() as AnyMachineSnapshot];
  for (const node of snapshots[0]!._nodes) nodes.add(node);
  for (const step of path.steps.slice(1)) {
    actor.send(step.event);
    if (errors.length > 0) {
      actor.stop();
      throw new Error(`${model.name}: the machine failed on ${describeEvent(step.event)}: ${String(errors[0])}`);
    }
    snapshots.push(actor.getSnapshot() as AnyMachineSnapshot);
  }
  actor.stop();
  return { snapshots, transitions, nodes };
}

/** Runs the path on a fresh actor of the model; one snapshot per step, `[0]` the initial one. */
export function replay(model: AnyModel, path: ModelPath): AnyMachineSnapshot[] {
  return run(model, path).snapshots;
}

/**
 * A started actor of the model that has taken every step of the path, for stories and views
 * that render the state and keep going from there. The caller stops it.
 */
export function actorAt(model: AnyModel, path: ModelPath) {
  const actor = createActor(model.machine, { input: model.input });
  actor.start();
  for (const step of path.steps.slice(1)) actor.send(step.event);
  return actor;
}

/** Where replay and graph disagree: the step index and both labels, or null when they agree. */
export function firstMismatch(model: AnyModel, path: ModelPath, snapshots: AnyMachineSnapshot[]): string | null {
  for (const [index, step] of path.steps.entries()) {
    const actual = snapshots[index];
    if (!actual) return `step ${index}: no snapshot (the replay stopped early)`;
    if (stateKey(model, actual) !== stateKey(model, step.state)) {
      return `step ${index} (${describeEvent(step.event)}): graph says ${stateKey(model, step.state)}, replay reached ${stateKey(model, actual)}`;
    }
  }
  return null;
}

// ---- States ----------------------------------------------------------------------------------

function normaliseStateId(model: AnyModel, stateId: string): string {
  const id = stateId.startsWith('#') ? stateId.slice(1) : stateId;
  const rootId = model.machine.root.id;
  return id === rootId || id.startsWith(`${rootId}.`) ? id : `${rootId}.${id}`;
}

function isLeaf(node: AnyStateNode): boolean {
  return node.type === 'atomic' || node.type === 'final';
}

/** The shortest path to a state node, e.g. `editing.loginFailed` or `passwordLogin.done`. */
export function shortestPathTo(model: AnyModel, stateId: string): ModelPath {
  const id = normaliseStateId(model, stateId);
  let best: ModelPath | undefined;
  for (const path of shortestPaths(model)) {
    if (!path.state._nodes.some((node) => node.id === id)) continue;
    if (!best || path.weight < best.weight) best = path;
  }
  if (!best) throw new Error(`${model.name}: no path reaches ${id}`);
  return best;
}

/** Ids of the atomic and final states the walk reaches, in the machine's own order. */
export function reachableStates(model: AnyModel): string[] {
  const reached = new Set<string>();
  for (const path of shortestPaths(model)) {
    for (const node of path.state._nodes) if (isLeaf(node)) reached.add(node.id);
  }
  return getStateNodes(model.machine.root)
    .filter((node) => isLeaf(node) && reached.has(node.id))
    .map((node) => node.id);
}

/** The active leaf states of a snapshot as `editing.idle` (joined by ` + ` when parallel). */
export function stateLabel(snapshot: AnyMachineSnapshot): string {
  return snapshot._nodes
    .filter(isLeaf)
    .map((node) => node.path.join('.'))
    .join(' + ');
}

// ---- Coverage --------------------------------------------------------------------------------

export interface Edge {
  id: string;
  source: AnyStateNode;
  target: AnyStateNode;
  transition: AnyTransitionDefinition;
  label: string;
}

function guardName(t: AnyTransitionDefinition): string | null {
  return t.guard === undefined ? null : guardLabel(t.guard);
}

function shortId(model: AnyModel, node: AnyStateNode): string {
  return node.path.length === 0 ? `(${model.machine.root.id})` : node.path.join('.');
}

/** Every transition of the machine as an edge per target (targetless transitions loop on their source). */
export function machineEdges(model: AnyModel): Edge[] {
  const edges: Edge[] = [];
  const visit = (graphNode: DirectedGraphNode) => {
    for (const edge of graphNode.edges) {
      const guard = guardName(edge.transition);
      const label = `${shortId(model, edge.source)} → ${shortId(model, edge.target)} on ${edge.transition.eventType}${guard ? ` [${guard}]` : ''}`;
      edges.push({ id: edge.id, source: edge.source, target: edge.target, transition: edge.transition, label });
    }
    for (const child of graphNode.children) visit(child);
  };
  visit(toDirectedGraph(model.machine));
  // toDirectedGraph leaves out eventless transitions; count them too if a machine has any.
  for (const node of [model.machine.root, ...getStateNodes(model.machine.root)]) {
    for (const [index, t] of (node.always ?? []).entries()) {
      for (const [targetIndex, target] of (t.target ?? [node]).entries()) {
        const guard = guardName(t);
        const label = `${shortId(model, node)} → ${shortId(model, target)} always${guard ? ` [${guard}]` : ''}`;
        edges.push({ id: `${node.id}:always:${index}:${targetIndex}`, source: node, target, transition: t, label });
      }
    }
  }
  return edges;
}

export interface Coverage {
  machine: string;
  states: { covered: number; total: number };
  transitions: { covered: number; total: number };
  missedStates: string[];
  missedTransitions: string[];
  /** The lower of the two percentages, rounded down to one decimal. */
  percent: number;
}

/** Replays the paths and counts the state nodes entered and the transitions taken. */
export function coverage(model: AnyModel, paths: readonly ModelPath[]): Coverage {
  const nodes = getStateNodes(model.machine.root);
  const edges = machineEdges(model);
  const enteredNodes = new Set<AnyStateNode>();
  const taken = new Set<AnyTransitionDefinition>();
  for (const path of paths) {
    const result = run(model, path);
    for (const node of result.nodes) enteredNodes.add(node);
    for (const t of result.transitions) taken.add(t);
  }
  const missedStates = nodes.filter((node) => !enteredNodes.has(node)).map((node) => node.path.join('.'));
  const missedTransitions = edges.filter((edge) => !taken.has(edge.transition)).map((edge) => edge.label);
  const states = { covered: nodes.length - missedStates.length, total: nodes.length };
  const transitions = { covered: edges.length - missedTransitions.length, total: edges.length };
  const ratio = (part: { covered: number; total: number }) => (part.total === 0 ? 1 : part.covered / part.total);
  const percent = Math.floor(Math.min(ratio(states), ratio(transitions)) * 1000) / 10;
  return { machine: model.name, states, transitions, missedStates, missedTransitions, percent };
}

// ---- Words -----------------------------------------------------------------------------------

function short(value: unknown, max = 60): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** An event as a tester reads it: `form.change loginId = "demo_public1"`, `login fails: loginFailed (401)`. */
export function describeEvent(event: AnyEventObject): string {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
  if (done) return `${done[1]} succeeds with ${short((event as EventObject & { output?: unknown }).output)}`;
  const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
  if (failed) {
    const error = (event as EventObject & { error?: unknown }).error;
    if (error instanceof ApiError) {
      const extras = [
        error.holdUntil ? `held until ${error.holdUntil}` : null,
        error.fields.length > 0 ? `fields ${error.fields.map((f) => `${f.field}:${f.rule}`).join(', ')}` : null,
      ].filter((part) => part !== null);
      return `${failed[1]} fails: ${error.code} (${error.status})${extras.length > 0 ? `, ${extras.join('; ')}` : ''}`;
    }
    return `${failed[1]} fails: ${String(error)}`;
  }
  if (event.type === 'form.change' && 'field' in event) {
    const { field, value } = event as EventObject & { field: string; value: unknown };
    return `form.change ${field} = ${short(value)}`;
  }
  const { type, ...payload } = event;
  const entries = Object.entries(payload);
  return entries.length === 0 ? type : `${type} ${entries.map(([name, value]) => `${name} = ${short(value)}`).join(', ')}`;
}

/** The path in words, one numbered line per event with the state it leads to. */
export function describePath(path: ModelPath): string {
  const [first, ...rest] = path.steps;
  const lines = [`start in ${first ? stateLabel(first.state) : '?'}`];
  rest.forEach((step, index) => {
    lines.push(`${index + 1}. ${describeEvent(step.event)} → ${stateLabel(step.state)}`);
  });
  return lines.join('\n');
}

/** A one-line title for a path: its events in short, for test names. */
export function pathTitle(path: ModelPath): string {
  const events = path.steps.slice(1).map((step) => describeEvent(step.event));
  return `${events.length === 0 ? '(initial)' : events.join(' › ')} ⇒ ${stateLabel(path.state)}`;
}

/** Runs events on a fresh actor of the model and returns the last snapshot. */
export function play(model: AnyModel, ...events: AnyEventObject[]): AnyMachineSnapshot {
  const snapshots = replay(model, pathFromEvents(model, events));
  return snapshots[snapshots.length - 1]!;
}

/** The input the machine gave the actor `actorId` it invokes after these events. */
export function invokedInput(model: AnyModel, events: readonly AnyEventObject[], actorId: string): unknown {
  const actor = actorAt(model, pathFromEvents(model, events));
  try {
    const child: AnyActorRef | undefined = actor.getSnapshot().children[actorId];
    if (!child) throw new Error(`${model.name}: no actor ${actorId} is running in ${stateLabel(actor.getSnapshot())}`);
    return (child.getSnapshot() as { input?: unknown }).input;
  } finally {
    actor.stop();
  }
}
