import { createActor, type AnyActorRef, type AnyMachineSnapshot, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition, type InspectionEvent } from 'xstate';
import { getStateNodes } from '@xstate/graph';
import type { MachineModel } from '../../machines/model-kit.ts';
import { machineEdges, modelPaths, type ModelPath } from './graph.ts';

/**
 * Path generators and stop conditions for testers (`npm run paths -- --generator … --stop …`,
 * docs/testers.md), after GraphWalker's: which paths to walk, and when enough is enough.
 * - `shortest`: the paths the tests replay (view paths where the machine has a view model).
 * - `simple`: the model tests' larger set (shortest and simple paths, the model's hints, and a
 *   path through every transition those miss).
 * - `random`: a seeded random walk over the events the model offers, restarting from the initial
 *   state when a walk ends (a final state, or no event the machine acts on), until the stop holds.
 */
export type Generator = 'shortest' | 'simple' | 'random';
export const GENERATORS: readonly Generator[] = ['shortest', 'simple', 'random'];

/** When a generator stops: edge coverage reached (percent), a state entered, a number of steps, a time. */
export type Stop = { kind: 'edge'; percent: number } | { kind: 'state'; state: string } | { kind: 'length'; steps: number } | { kind: 'time'; ms: number };

/** A random walk that never meets its stop ends here, and says so. */
export const RANDOM_STEP_LIMIT = 20_000;

type AnyModel = MachineModel<AnyStateMachine>;

/** `edge:100`, `state:held`, `length:50`, `time:2000` → a stop; throws with the forms it accepts. */
export function parseStop(text: string): Stop {
  const [kind, value = ''] = text.split(/:(.*)/s);
  const number = Number(value);
  if (kind === 'edge' && value !== '' && number > 0 && number <= 100) return { kind: 'edge', percent: number };
  if (kind === 'state' && value !== '') return { kind: 'state', state: value };
  if (kind === 'length' && Number.isInteger(number) && number > 0) return { kind: 'length', steps: number };
  if (kind === 'time' && Number.isInteger(number) && number > 0) return { kind: 'time', ms: number };
  throw new Error(`--stop "${text}": use edge:<1–100>, state:<state>, length:<steps> or time:<milliseconds>`);
}

export function describeStop(stop: Stop): string {
  if (stop.kind === 'edge') return `${stop.percent}% of transitions taken`;
  if (stop.kind === 'state') return `state ${stop.state} entered`;
  if (stop.kind === 'length') return `${stop.steps} steps`;
  return `${stop.ms} ms`;
}

/** A small seeded generator (mulberry32): the same seed walks the same way on every machine. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What a set of walked paths has covered, kept as they are walked. */
class Tally {
  readonly transitions = new Set<AnyTransitionDefinition>();
  readonly nodes = new Set<AnyStateNode>();
  steps = 0;
  private readonly edgeTotal: number;
  private readonly nodeTotal: number;
  private readonly started = Date.now();

  constructor(
    private readonly model: AnyModel,
    private readonly stop: Stop | undefined,
  ) {
    this.edgeTotal = machineEdges(model).length;
    this.nodeTotal = getStateNodes(model.machine.root).length;
  }

  /** A started actor of the model whose microsteps add to the tally. */
  actor() {
    let root: AnyActorRef | undefined;
    const inspect = (event: InspectionEvent) => {
      if (event.type !== '@xstate.microstep' || event.actorRef !== root) return;
      for (const t of event._transitions) this.transitions.add(t);
      this.see(event.snapshot as AnyMachineSnapshot);
    };
    const actor = createActor(this.model.machine, { input: this.model.input, inspect });
    root = actor;
    actor.start();
    this.see(actor.getSnapshot() as AnyMachineSnapshot);
    return actor;
  }

  private see(snapshot: AnyMachineSnapshot) {
    // The root is no state of its own (getStateNodes leaves it out too).
    for (const node of snapshot._nodes) if (node !== this.model.machine.root) this.nodes.add(node);
  }

  met(): boolean {
    const stop = this.stop;
    if (!stop) return false;
    if (stop.kind === 'edge') return this.transitions.size * 100 >= stop.percent * this.edgeTotal;
    if (stop.kind === 'state') {
      const id = `${this.model.machine.root.id}.${stop.state}`;
      return [...this.nodes].some((node) => node.id === id);
    }
    if (stop.kind === 'length') return this.steps >= stop.steps;
    return Date.now() - this.started >= stop.ms;
  }

  coverage() {
    return { states: { covered: this.nodes.size, total: this.nodeTotal }, transitions: { covered: this.transitions.size, total: this.edgeTotal }, steps: this.steps };
  }
}

export interface Walk {
  paths: ModelPath[];
  /** Whether the stop condition held (always true without one: every path was kept). */
  stopMet: boolean;
  coverage: ReturnType<Tally['coverage']>;
}

/** Replays the generated paths in order and keeps them until the stop holds (all of them without a stop). */
export function untilStop(model: AnyModel, paths: readonly ModelPath[], stop: Stop | undefined): Walk {
  const tally = new Tally(model, stop);
  const kept: ModelPath[] = [];
  for (const path of paths) {
    if (tally.met()) break;
    const actor = tally.actor();
    for (const step of path.steps.slice(1)) {
      actor.send(step.event);
      tally.steps++;
    }
    actor.stop();
    kept.push(path);
  }
  return { paths: kept, stopMet: stop === undefined || tally.met(), coverage: tally.coverage() };
}

/** The model tests' paths (`modelPaths`), for `--generator simple`. */
export function simplePaths(model: AnyModel): ModelPath[] {
  return modelPaths(model);
}

/**
 * A seeded random walk: at each step one of the model's events the machine acts on, picked at
 * random; a walk that ends (final state, nothing to do) starts again from the initial state as a
 * new path. Stops when `stop` holds (by default every transition taken) or after RANDOM_STEP_LIMIT.
 */
export function randomWalk(model: AnyModel, seed: number, stop: Stop = { kind: 'edge', percent: 100 }): Walk {
  const random = seeded(seed);
  const tally = new Tally(model, stop);
  const paths: ModelPath[] = [];
  while (!tally.met() && tally.steps < RANDOM_STEP_LIMIT) {
    const actor = tally.actor();
    let snapshot = actor.getSnapshot() as AnyMachineSnapshot;
    const steps: ModelPath['steps'] = [{ state: snapshot, event: { type: 'xstate.init' } }];
    while (!tally.met() && tally.steps < RANDOM_STEP_LIMIT && snapshot.status === 'active') {
      const offered = model.events.filter((event) => snapshot.can(event));
      if (offered.length === 0) break;
      const event = offered[Math.floor(random() * offered.length)]!;
      actor.send(event);
      snapshot = actor.getSnapshot() as AnyMachineSnapshot;
      steps.push({ state: snapshot, event });
      tally.steps++;
    }
    actor.stop();
    if (steps.length > 1) paths.push({ state: snapshot, steps, weight: steps.length - 1 });
    // A machine with nothing to do at its start cannot be walked further.
    if (steps.length === 1) break;
  }
  return { paths, stopMet: tally.met(), coverage: tally.coverage() };
}
