import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { getStateNodes } from '@xstate/graph';
import type { MachineModel } from '../../machines/model-kit.ts';
import { coverage, firstMismatch, modelPaths, pathTitle, reachableStates, replay } from './graph.ts';

/**
 * The generated part of every model test: each path replays on a fresh actor and lands where
 * the graph said, every state is reachable, and the paths cover every state and transition.
 */
export function modelPathTests(model: MachineModel<AnyStateMachine>): void {
  const paths = modelPaths(model);

  it('generates paths', () => {
    expect(paths.length).toBeGreaterThan(0);
  });

  it.each(paths.map((path) => [pathTitle(path), path] as const))('replays: %s', (_title, path) => {
    const snapshots = replay(model, path);
    expect(firstMismatch(model, path, snapshots)).toBeNull();
    expect(snapshots.every((snapshot) => snapshot.status !== 'error')).toBe(true);
  });

  it('reaches every atomic and final state', () => {
    const leaves = getStateNodes(model.machine.root)
      .filter((node) => node.type === 'atomic' || node.type === 'final')
      .map((node) => node.id);
    expect(reachableStates(model)).toEqual(leaves);
  }, 60_000);

  it('covers 100% of states and transitions', () => {
    const result = coverage(model, paths);
    expect({ missedStates: result.missedStates, missedTransitions: result.missedTransitions }).toEqual({ missedStates: [], missedTransitions: [] });
    expect(result.percent).toBe(100);
    // CPU-bound and growing with the machine: several seconds on a busy 2-core machine.
  }, 60_000);
}

/** The `describe` block `<name>: generated paths` holding {@link modelPathTests} for the model. */
export function describeModelPaths(name: string, model: MachineModel<AnyStateMachine>): void {
  describe(`${name}: generated paths`, () => {
    modelPathTests(model);
  });
}

/** The form stayed in `editing.invalid`, showing exactly these field errors. */
export function expectInvalid(snapshot: AnyMachineSnapshot, fieldErrors: readonly unknown[]): void {
  expect(snapshot.matches({ editing: 'invalid' })).toBe(true);
  expect(snapshot.context.fieldErrors).toEqual(fieldErrors);
}

/**
 * The refusals of an emailed link (activation, password reset) and the final state each ends in,
 * one per SPEC §8 reason: written out here, not taken from the machines, so the tests check them.
 */
export const LINK_REFUSAL_ENDS = [
  ['alreadyUsed', 'used'],
  ['expired', 'expired'],
  ['recordNotFound', 'notFound'],
  ['userNotFound', 'userNotFound'],
  ['wrongUrl', 'wrongUrl'],
] as const;
