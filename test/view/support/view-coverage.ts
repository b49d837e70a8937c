import { getStateNodes } from '@xstate/graph';
import type { AnyStateMachine } from 'xstate';
import type { MachineModel } from '../../../machines/model-kit.ts';
import { transitionPaths, type ModelPath } from '../../support/graph.ts';
import { evidenceAt, nodePath, type ViewModel } from './view-model.ts';

/** The paths the view tests replay (see `transitionPaths`). */
export function viewPaths(model: MachineModel<AnyStateMachine>): ModelPath[] {
  return transitionPaths(model);
}

export interface ViewCoverage {
  machine: string;
  /** State nodes entered on some view path at a step whose evidence is fully declared. */
  asserted: number;
  total: number;
  /** State nodes no view path asserts evidence for. */
  unasserted: string[];
  /** Evidence entries naming no state of the machine (typos, renamed states). */
  unknown: string[];
}

/**
 * The states asserted in the view, computed from the view model rather than recorded from a run:
 * a state counts when some view path visits it at a step where every active leaf has evidence
 * (the replay asserts all of it at that step, and fails the path otherwise). Deterministic, and
 * the same figure the view tests enforce.
 */
export function viewCoverage(viewModel: ViewModel, paths: readonly ModelPath[] = viewPaths(viewModel.model)): ViewCoverage {
  const nodes = getStateNodes(viewModel.model.machine.root);
  const asserted = new Set<string>();
  for (const path of paths) {
    for (const step of path.steps) {
      const at = evidenceAt(viewModel, step.state);
      if (at.missing.length > 0 || at.entries.length === 0) continue;
      for (const node of at.nodes) asserted.add(nodePath(node));
    }
  }
  const known = new Set(nodes.map(nodePath));
  return {
    machine: viewModel.model.name,
    asserted: nodes.filter((node) => asserted.has(nodePath(node))).length,
    total: nodes.length,
    unasserted: nodes.map(nodePath).filter((path) => !asserted.has(path)),
    unknown: Object.keys(viewModel.evidence).filter((state) => !known.has(state)),
  };
}
