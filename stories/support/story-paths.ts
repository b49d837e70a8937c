import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import type { MachineModel } from '../../machines/model-kit.ts';
import { mobileVerificationModel } from '../../machines/mobile-verification/mobile-verification.model.ts';
import { shortestPaths, shortestPathTo, type ModelPath } from '../../test/support/graph.ts';

/**
 * Which of the graph's shortest paths to a state a story takes, where the plain shortest one
 * would show less of the page than its title promises: by machine, the snapshots to prefer. The
 * family details' shortest way to most states goes through an ordinary member's family (no code,
 * no requests); the admin's family with its pending join requests is the page designers review,
 * so its states are reached with requests when a path of the graph does (then the shortest of
 * those). The caption's "How to get here" follows the same path.
 */
const PREFERRED: Readonly<Record<string, (snapshot: AnyMachineSnapshot) => boolean>> = {
  familyDetails: (snapshot) => ((snapshot.context as { requests?: readonly unknown[] }).requests?.length ?? 0) > 0,
};

/** The path a state's story drives its actor along (the shortest, or the shortest preferred one). */
export function storyPathTo(model: MachineModel, state: string): ModelPath {
  const prefer = PREFERRED[model.name];
  if (!prefer) return shortestPathTo(model, state);
  const id = `${model.machine.root.id}.${state}`;
  let best: ModelPath | undefined;
  for (const path of shortestPaths(model)) {
    if (!prefer(path.state) || !path.state._nodes.some((node) => node.id === id)) continue;
    if (!best || path.weight < best.weight) best = path;
  }
  return best ?? shortestPathTo(model, state);
}

/**
 * Child statecharts a story runs for real where the model stands a never-answering call in for
 * them: the full-member upgrade's phone step invokes the mobile verification machine, whose view
 * the step embeds, so its stories show that form (its own calls never answer either).
 */
const CHILDREN: Readonly<Record<string, Readonly<Record<string, AnyStateMachine>>>> = {
  fullMemberUpgrade: { mobileVerification: mobileVerificationModel.machine },
};

/** The machine a story's actor runs: the model's, with the real child statecharts of `CHILDREN`. */
export function storyMachine(model: MachineModel): AnyStateMachine {
  const children = CHILDREN[model.name];
  return children ? model.machine.provide({ actors: children }) : model.machine;
}
