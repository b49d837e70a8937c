import type { AnyMachineSnapshot, AnyStateMachine, AnyTransitionDefinition } from 'xstate';
import { ApiError } from '../../contract/api-error.ts';
import type { ErrorCode } from '../../contract/errors.ts';
import { allNodes, apiError, fail, routedRefusals, type MachineModel } from '../../machines/model-kit.ts';
import { actorsFor, type ApiActor } from './api-actors.ts';
import type { ModelPath } from './graph.ts';

/**
 * Which refusal codes a flow's generated paths receive (issue 24): for every invoke of a machine
 * whose actor is a call (found in src/api by test/support/api-actors.ts), every code its calls
 * declare (contract/calls/*, `codes`) and the codes the client actor throws itself. A code is
 * **reached** when some generated model path fails that invoke with it. Otherwise the reason is
 * worked out on the machine, in the first state of the paths where the invoke runs:
 *
 * - **same route**: the machine takes exactly the transitions it takes for a code that is reached
 *   (the generic failure route, say), so the paths test its handling; what the view says may
 *   still differ per code (the refusal's message).
 * - **unhandled**: no transition takes the failure there.
 * - **gap**: the failure takes a route no reached code takes and no path sends it: a sample is
 *   missing from the model (defineModel adds one for each `hasCode` route, so this is rare).
 *
 * The protocol codes every call can answer (malformed JSON, payload too large, `internal`…;
 * contract/call.ts `protocolCodes`) are left out: they say the client is broken or the server is
 * down, not what the user did, and every flow takes them on its generic failure route.
 */
export type CodeStatus = { kind: 'reached' } | { kind: 'same route'; as: string } | { kind: 'unhandled' } | { kind: 'gap'; target: string } | { kind: 'never invoked' };

export interface CodeCoverage {
  /** The invoke's id (the actor id of its done and error events). */
  invoke: string;
  /** The calls behind it (`otpLogin.login`), or the client actor's own name when it only throws. */
  calls: string[];
  code: string;
  status: CodeStatus;
}

export interface RefusalCoverage {
  machine: string;
  codes: CodeCoverage[];
  reached: number;
  sameRoute: number;
  total: number;
}

/** The failure a path's step receives: its invoke id and code (`network`, `unknown` included), or null. */
function refusalOf(event: { type: string; error?: unknown }): { invoke: string; code: string } | null {
  const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
  if (!failed) return null;
  return { invoke: failed[1]!, code: event.error instanceof ApiError ? event.error.code : 'unknown' };
}

/**
 * Where src/api has two actors of the name (`login` is both the password and the one-time
 * password login), the ones that answer the most of the codes the machine routes for it.
 */
function likeliest(actors: readonly ApiActor[], routed: readonly string[]): ApiActor[] {
  if (actors.length < 2) return [...actors];
  const score = (actor: ApiActor) => routed.filter((code) => actor.thrown.includes(code) || actor.calls.some((call) => (call.codes as readonly string[]).includes(code))).length;
  const best = Math.max(...actors.map(score));
  return actors.filter((actor) => score(actor) === best);
}

/** Invoke id → actor src, for every invoke with a named actor. */
function invokes(machine: AnyStateMachine): Map<string, string> {
  const found = new Map<string, string>();
  for (const node of allNodes(machine.root)) for (const invoke of node.invoke as Array<{ id: string; src: unknown }>) if (typeof invoke.src === 'string') found.set(invoke.id, invoke.src);
  return found;
}

function runsInvoke(snapshot: AnyMachineSnapshot, invoke: string): boolean {
  return snapshot._nodes.some((node) => (node.invoke as Array<{ id: string }>).some((one) => one.id === invoke));
}

function sameTransitions(a: readonly AnyTransitionDefinition[], b: readonly AnyTransitionDefinition[]): boolean {
  return a.length === b.length && a.every((transition, index) => transition === b[index]);
}

function targetOf(transitions: readonly AnyTransitionDefinition[]): string {
  const targets = transitions.flatMap((transition) => (transition.target ?? []).map((node) => node.path.join('.')));
  return targets.length > 0 ? targets.join(', ') : '(stays)';
}

export function refusalCoverage(model: MachineModel, paths: readonly ModelPath[], objects: Map<string, Map<string, ApiActor>>): RefusalCoverage {
  const machine = model.machine as AnyStateMachine;
  const srcById = invokes(machine);
  const behind = actorsFor([...new Set(srcById.values())], objects);
  const routes = routedRefusals(machine);
  const reached = new Set<string>();
  /** Every failure some path sends, per invoke: the samples whose route another code may share. */
  const sent = new Map<string, Set<string>>();
  for (const path of paths) {
    for (const step of path.steps.slice(1)) {
      const refusal = refusalOf(step.event as { type: string; error?: unknown });
      if (!refusal) continue;
      reached.add(`${refusal.invoke} ${refusal.code}`);
      sent.set(refusal.invoke, (sent.get(refusal.invoke) ?? new Set()).add(refusal.code));
    }
  }
  const codes: CodeCoverage[] = [];
  for (const [invoke, src] of srcById) {
    const found = behind.get(src);
    if (!found) continue;
    const actors = likeliest(found, routes.filter((route) => route.actorId === invoke).map((route) => route.code));
    const declared = [...new Set(actors.flatMap((actor) => [...actor.calls.flatMap((call) => call.codes as readonly string[]), ...actor.thrown]))];
    const calls = [...new Set(actors.flatMap((actor) => (actor.calls.length > 0 ? actor.calls.map((call) => call.name) : [src])))];
    const probe = paths.flatMap((path) => path.steps).find((step) => runsInvoke(step.state, invoke))?.state;
    const route = (code: string) => (probe ? (machine.getTransitionData(probe, fail(invoke, code === 'unknown' ? new Error('unknown') : apiError(code as ErrorCode))) as AnyTransitionDefinition[]) : []);
    const reachedHere = [...(sent.get(invoke) ?? [])];
    for (const code of declared) {
      let status: CodeStatus;
      if (reached.has(`${invoke} ${code}`)) status = { kind: 'reached' };
      else if (!probe) status = { kind: 'never invoked' };
      else {
        const mine = route(code);
        const like = reachedHere.find((other) => sameTransitions(route(other), mine));
        status = like ? { kind: 'same route', as: like } : mine.length === 0 ? { kind: 'unhandled' } : { kind: 'gap', target: targetOf(mine) };
      }
      codes.push({ invoke, calls, code, status });
    }
  }
  return {
    machine: model.name,
    codes,
    reached: codes.filter((entry) => entry.status.kind === 'reached').length,
    sameRoute: codes.filter((entry) => entry.status.kind === 'same route').length,
    total: codes.length,
  };
}

/** A code's line for the listing: `login codeExpired (otpLogin.login): same route as codeWrong, which a path reaches`. */
export function describeCode(entry: CodeCoverage): string {
  const head = `${entry.invoke} ${entry.code} (${entry.calls.join(', ')})`;
  const { status } = entry;
  switch (status.kind) {
    case 'reached':
      return `${head}: reached`;
    case 'same route':
      return `${head}: not sent by a generated path; the machine takes the same transitions as for ${status.as}, which a path sends${status.as === 'network' || status.as === 'unknown' ? ' (its generic failure route)' : ''}`;
    case 'unhandled':
      return `${head}: not sent by a generated path; no transition takes this failure where the call runs`;
    case 'never invoked':
      return `${head}: no generated path runs the call`;
    case 'gap':
      return `${head}: GAP: the machine routes it to ${status.target}, but no generated path sends it (add a sample to the model)`;
  }
}
