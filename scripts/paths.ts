import { fileURLToPath } from 'node:url';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { ApiError } from '../contract/api-error.ts';
import { isMachineName, machineModels, type MachineName } from '../machines/index.ts';
import { describeEvent, describePath, modelPaths, stateLabel, type ModelPath } from '../test/support/graph.ts';
import { describeViewPath, viewSteps } from '../test/view/support/describe.ts';
import { viewPaths } from '../test/view/support/view-coverage.ts';
import { viewModels } from '../test/view/models/index.ts';
import type { ViewModel } from '../test/view/support/view-model.ts';
import { describeStop, GENERATORS, parseStop, RANDOM_STEP_LIMIT, randomWalk, simplePaths, untilStop, type Generator, type Stop } from '../test/support/walks.ts';

const HELP = `usage: npm run paths -- <machine> [--to <state>] [--event <type>] [--code <refusal>] [--json] [--events]
                            [--generator shortest|simple|random] [--seed <n>] [--stop <condition>]

The generated paths of one machine (the same paths the model and view tests replay), as steps a
tester can follow by hand. With a view model (test/view/models/) they are the view paths, in
gestures with what to see after each step; without one, or with --events, the model paths in events.

  --to <state>      only paths that pass through the state (a dotted path such as held or
                    ready.confirming.kick; its sub-states count)
  --event <type>    only paths with this event (a user event such as form.submit, or an
                    invoked actor's id such as login, whose answers are faked)
  --code <refusal>  only paths in which a call is refused with this catalogue code
                    (contract/errors.ts), e.g. otpHeld
  --generator <g>   which paths: shortest (default: the paths the tests replay), simple (the
                    model tests' larger set: simple paths too), or random (a seeded random walk
                    over the events the machine acts on, restarting when a walk ends)
  --seed <n>        the random walk's seed (default 1): the same seed, the same walk
  --stop <cond>     when to stop generating: edge:<percent> (of transitions taken), state:<state>
                    (entered), length:<steps> or time:<milliseconds>. The random walk stops at
                    edge:100 by default (or after ${RANDOM_STEP_LIMIT} steps, and says so); the others
                    keep their paths in order until the condition holds, or all of them
  --json            the paths as JSON: each step's event, its gesture and the evidence to see
                    (with a view model), the state reached, and the faked answers of calls
  --help            this text

Filters combine (all must hold) and apply to the generated paths. Examples:
  npm run paths -- otpLogin --to held --json
  npm run paths -- familyDetails --generator random --seed 7 --stop edge:90
Guide: docs/testers.md`;

export interface PathQuery {
  machine: MachineName;
  to?: string | undefined;
  event?: string | undefined;
  code?: string | undefined;
  /** Model paths in events even when the machine has a view model. */
  events?: boolean;
  generator?: Generator | undefined;
  seed?: number | undefined;
  stop?: Stop | undefined;
}

/** A call's answer as the path fakes it: its output, or the refusal it throws. */
export interface Answer {
  actor: string;
  output?: unknown;
  refusal?: { code: string; status: number; holdUntil?: string; fields?: unknown };
}

export function answerOf(event: AnyEventObject): Answer | null {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
  if (done) return { actor: done[1]!, output: (event as AnyEventObject & { output?: unknown }).output };
  const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
  if (!failed) return null;
  const error = (event as AnyEventObject & { error?: unknown }).error;
  if (error instanceof ApiError) {
    return { actor: failed[1]!, refusal: { code: error.code, status: error.status, ...(error.holdUntil ? { holdUntil: error.holdUntil } : {}), ...(error.fields.length > 0 ? { fields: error.fields } : {}) } };
  }
  return { actor: failed[1]!, refusal: { code: String(error), status: 0 } };
}

interface NodeLike {
  id: string;
  states: Record<string, NodeLike>;
}
const stateIds = (node: NodeLike): string[] => [node.id, ...Object.values(node.states).flatMap(stateIds)];

/** The paths of a query's machine and those its filters keep; throws for a state the machine lacks. */
export function selectPaths(query: PathQuery) {
  const model = machineModels[query.machine];
  const root = model.machine.root.id;
  if (query.to !== undefined && !stateIds(model.machine.root as NodeLike).includes(`${root}.${query.to}`)) throw new Error(`${query.machine} has no state "${query.to}"`);
  const viewModel: ViewModel | undefined = query.events ? undefined : (viewModels as Record<string, ViewModel | undefined>)[query.machine];
  const inState = (snapshot: AnyMachineSnapshot, state: string) => snapshot._nodes.some((node) => node.id === `${root}.${state}`);
  const keep = (path: ModelPath) =>
    (query.to === undefined || path.steps.some((step) => inState(step.state, query.to!))) &&
    (query.event === undefined || path.steps.slice(1).some((step) => step.event.type === query.event || answerOf(step.event)?.actor === query.event)) &&
    (query.code === undefined || path.steps.some((step) => answerOf(step.event)?.refusal?.code === query.code));
  const generator = query.generator ?? 'shortest';
  const walk =
    generator === 'random'
      ? randomWalk(model, query.seed ?? 1, query.stop)
      : untilStop(model, generator === 'simple' ? simplePaths(model) : viewModel ? viewPaths(viewModel.model) : modelPaths(model), query.stop);
  const all = walk.paths;
  return { viewModel, all, paths: all.filter(keep), walk: { generator, seed: generator === 'random' ? (query.seed ?? 1) : null, stop: query.stop ?? null, stopMet: walk.stopMet, coverage: walk.coverage } };
}

/** The export a tester's tools read: every kept path, step by step, with the codes they reach. */
export function pathsJson(query: PathQuery) {
  const { viewModel, all, paths, walk } = selectPaths(query);
  return {
    machine: query.machine,
    kind: viewModel ? 'view' : 'model',
    filters: { to: query.to ?? null, event: query.event ?? null, code: query.code ?? null },
    ...walk,
    total: all.length,
    codesReached: [...new Set(paths.flatMap((path) => path.steps.map((step) => answerOf(step.event)?.refusal?.code).filter((c): c is string => c !== undefined)))].sort(),
    paths: paths.map((path) => {
      const words = viewModel ? viewSteps(viewModel, path) : [];
      return {
        steps: path.steps.map((step, index) => {
          const answer = index === 0 ? null : answerOf(step.event);
          return {
            ...(index === 0 ? { start: true } : { event: step.event.type, described: describeEvent(step.event) }),
            ...(answer ? { answer } : {}),
            ...(viewModel ? { gesture: words[index]?.gesture ?? '', evidence: words[index]?.sights ?? [] } : {}),
            state: stateLabel(step.state),
          };
        }),
      };
    }),
  };
}

function main() {
  // Piped into `head` and the like: stop quietly when the reader has seen enough.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  const machines = `machines: ${Object.keys(machineModels).join(', ')}`;
  const fail = (message: string): never => {
    console.error(`${message}\n\n${HELP}\n${machines}`);
    process.exit(2);
  };
  const option = (name: string): string | undefined => {
    const at = process.argv.indexOf(`--${name}`);
    if (at < 0) return undefined;
    const value = process.argv[at + 1];
    return value === undefined || value.startsWith('--') ? fail(`--${name} needs a value`) : value;
  };
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(`${HELP}\n${machines}`);
    return;
  }
  const name = process.argv[2];
  if (!name || !isMachineName(name)) return fail(name ? `no machine "${name}"` : 'which machine?');
  const generator = option('generator') ?? 'shortest';
  if (!(GENERATORS as readonly string[]).includes(generator)) return fail(`--generator "${generator}": use ${GENERATORS.join(', ')}`);
  const seedText = option('seed');
  const seed = seedText === undefined ? undefined : Number(seedText);
  if (seed !== undefined && !Number.isSafeInteger(seed)) return fail(`--seed "${seedText}": use a whole number`);
  let selected: ReturnType<typeof selectPaths>;
  let query: PathQuery;
  try {
    const stopText = option('stop');
    query = { machine: name, to: option('to'), event: option('event'), code: option('code'), events: process.argv.includes('--events'), generator: generator as Generator, seed, stop: stopText === undefined ? undefined : parseStop(stopText) };
    selected = selectPaths(query);
  } catch (error) {
    return fail((error as Error).message);
  }
  const { viewModel, all, paths, walk } = selected;
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(pathsJson(query), null, 2));
  } else {
    const filters = [query.to && `reaching ${query.to}`, query.event && `with ${query.event}`, query.code && `refused with ${query.code}`].filter(Boolean).join(', ');
    const kind = viewModel ? 'view paths (each replayed on the real view by test/view/)' : 'model paths (each replayed on the machine by test/model/)';
    console.log(`${name}: ${paths.length} ${filters ? `of ${all.length} ` : ''}${kind}${filters ? `, ${filters}` : ''}`);
    const { states, transitions, steps } = walk.coverage;
    const how = walk.generator === 'random' ? `random walk, seed ${walk.seed}` : `${walk.generator} paths`;
    const stop = walk.stop ? `, stop at ${describeStop(walk.stop)}: ${walk.stopMet ? 'met' : 'NOT met'}` : '';
    console.log(`${how}${stop}; ${steps} steps, states ${states.covered}/${states.total}, transitions ${transitions.covered}/${transitions.total}\n`);
    paths.forEach((path, index) => {
      console.log(`Path ${index + 1} of ${paths.length}`);
      console.log(`${viewModel ? describeViewPath(viewModel, path) : describePath(path)}\n`);
    });
  }
  if (paths.length === 0) process.exitCode = 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
