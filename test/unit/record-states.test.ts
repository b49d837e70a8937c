// The journeys' recording build reports the states the app's machines pass through (issue 24, docs/testers.md).
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { withInspect } from '../../src/shell/record-states.ts';

describe('record states', () => {
  afterEach(() => {
    delete (globalThis as { __recordStates?: unknown }).__recordStates;
  });

  it("reports each machine's active state nodes to the page's binding, once per change, and keeps the actor's own inspect", () => {
    const calls: Array<[string, string[]]> = [];
    (globalThis as { __recordStates?: unknown }).__recordStates = (machine: string, states: string[]) => calls.push([machine, states]);
    const own: string[] = [];
    const machine = createMachine({ id: 'recorded', initial: 'a', states: { a: { on: { go: 'b', stay: {} } }, b: { initial: 'inner', states: { inner: {} } } } });
    const actor = createActor(machine, withInspect({ inspect: (event) => own.push(event.type) }) as never);
    actor.start();
    actor.send({ type: 'stay' });
    actor.send({ type: 'go' });
    expect(calls).toEqual([
      ['recorded', ['a']],
      ['recorded', ['b', 'b.inner']],
    ]);
    expect(own).toContain('@xstate.snapshot');
    actor.stop();
  });

  it('does nothing without the binding (a page outside the journeys)', () => {
    const machine = createMachine({ id: 'unrecorded', initial: 'a', states: { a: {} } });
    expect(() => createActor(machine, withInspect(undefined) as never).start()).not.toThrow();
  });
});
