import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { toDirectedGraph, type DirectedGraphNode } from '@xstate/graph';
import { machineModels } from '../../machines/index.ts';

/*
 * A guard for refactoring the machines: each machine's graph (states, transitions with their
 * event, guard and params, targets and actions) as stable JSON, compared with the committed
 * snapshot. A change that moves a transition fails here; a deliberate one updates the snapshot
 * with `UPDATE_GRAPH_SNAPSHOT=1 npx vitest run --project model test/model/graph-snapshot.test.ts`
 * in the same commit.
 */

const SNAPSHOT = new URL('./__snapshots__/machine-graphs.json', import.meta.url);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function describeGuard(guard: unknown): Json {
  if (guard === undefined) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const composite = guard as { check?: { name: string }; guards?: unknown[] };
    if (composite.guards) return { op: composite.check?.name ?? 'guard', guards: composite.guards.map(describeGuard) };
    return `inline:${guard.name}`;
  }
  const { type, params } = guard as { type: string; params?: unknown };
  return params === undefined ? type : { type, params: params as Json };
}

function describeAction(action: unknown): Json {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') return `inline:${(action as { type?: string }).type ?? action.name}`;
  const { type, params } = action as { type: string; params?: unknown };
  return params === undefined ? type : { type, params: (typeof params === 'function' ? 'dynamic' : params) as Json };
}

function describeTransition(transition: AnyTransitionDefinition): Json {
  return {
    event: transition.eventType,
    guard: describeGuard(transition.guard),
    targets: transition.target ? transition.target.map((target: AnyStateNode) => target.id) : [],
    actions: transition.actions.map(describeAction),
    reenter: transition.reenter,
  };
}

function describeNode(graph: DirectedGraphNode): Json {
  const node = graph.stateNode;
  return {
    id: node.id,
    type: node.type,
    initial: node.initial?.target.map((target: AnyStateNode) => target.id) ?? [],
    tags: [...node.tags].sort(),
    entry: node.entry.map(describeAction),
    exit: node.exit.map(describeAction),
    invoke: node.invoke.map((invoke: { id: string; src: unknown }) => ({ id: invoke.id, src: typeof invoke.src === 'string' ? invoke.src : 'inline' })),
    always: (node.always ?? []).map(describeTransition),
    // Grouped by event in name order: the order of keys in `on` means nothing, the order of the
    // transitions for one event (tried first to last) does.
    transitions: [...node.transitions.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .flatMap(([, transitions]) => transitions.map(describeTransition)),
    // A compound state's children in id order (their order in `states` means nothing there);
    // a parallel state's regions in document order.
    children: (node.type === 'parallel' ? graph.children : [...graph.children].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))).map(describeNode),
  };
}

function machineGraph(machine: AnyStateMachine): Json {
  return describeNode(toDirectedGraph(machine));
}

function allGraphs(): Record<string, Json> {
  return Object.fromEntries(Object.values(machineModels).map((model) => [model.name, machineGraph(model.machine)]));
}

describe('the machine graphs', () => {
  const graphs = allGraphs();
  if (process.env.UPDATE_GRAPH_SNAPSHOT) writeFileSync(SNAPSHOT, `${JSON.stringify(graphs, null, 2)}\n`);
  const committed = JSON.parse(readFileSync(SNAPSHOT, 'utf8')) as Record<string, Json>;

  it('lists the same machines as the snapshot', () => {
    expect(Object.keys(graphs).sort()).toEqual(Object.keys(committed).sort());
  });

  for (const name of Object.keys(graphs)) {
    it(`keeps the graph of ${name}`, () => {
      expect(graphs[name]).toEqual(committed[name]);
    });
  }
});
