import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ComponentType } from 'react';
import { expect } from 'storybook/test';
import type { ActorRefFrom, AnyActorRef, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import type { MachineModel } from '../../machines/model-kit.ts';
import type { Language } from '../../contract/languages.ts';
import { actorAt, describePath, shortestPathTo } from '../../test/support/graph.ts';
import { viewModels } from '../../test/view/models/index.ts';
import { evidenceAt } from '../../test/view/support/view-model.ts';
import { expectEvidence } from './evidence.ts';
import { Statechart } from './statechart.tsx';

/** A machine's model and the view that renders it: one line per flow in stories/flows.tsx. */
export interface Flow<TMachine extends AnyStateMachine = AnyStateMachine> {
  model: MachineModel<TMachine>;
  View: ComponentType<{ actor: ActorRefFrom<TMachine> }>;
}

/** Pairs a model with its view; the types make sure the view takes that machine's actor. */
export function flow<TMachine extends AnyStateMachine>(model: MachineModel<TMachine>, View: ComponentType<{ actor: ActorRefFrom<TMachine> }>): Flow<TMachine> {
  return { model, View };
}

/** `passwordLogin.editing.idle` → `editing.idle`: the story name of a state. */
export function statePath(model: MachineModel, stateId: string): string {
  const root = model.machine.root.id;
  return stateId.startsWith(`${root}.`) ? stateId.slice(root.length + 1) : stateId;
}

interface Loaded {
  actor: AnyActorRef;
  /** The story's language, from the preview's loader. */
  lang: Language;
}

function isAt(snapshot: AnyMachineSnapshot, model: MachineModel, state: string): boolean {
  const id = `${model.machine.root.id}.${state}`;
  return snapshot._nodes.some((node) => node.id === id);
}

/** The docs page of a machine: its statechart, drawn from its own graph when the story renders. */
function statechartStory(model: MachineModel): StoryObj {
  return {
    name: 'Statechart',
    parameters: { layout: 'padded', docs: { description: { story: `Drawn from ${model.name}'s own graph (toDirectedGraph).` } } },
    render: () => <Statechart machine={model.machine} />,
    play: async ({ canvasElement }) => {
      // Every state of the machine has its box.
      const drawn = canvasElement.querySelectorAll('[data-state]').length;
      await expect(drawn).toBeGreaterThan(Object.keys(model.machine.root.states).length);
    },
  };
}

/** The stories of a machine whose view does not exist yet: only its statechart. */
export function statechartStories(model: MachineModel) {
  return { statechart: statechartStory(model) };
}

/**
 * The stories of a flow: the statechart, and `state(path)` for each reachable state, which
 * renders the real view with an actor of the model driven along the shortest path to that state.
 * The actor's own actors never settle, so the view stays in the state it was brought to until
 * the reader interacts with it.
 */
export function machineStories<TMachine extends AnyStateMachine>(flow: Flow<TMachine>) {
  const { model, View } = flow;
  const state = (path: string): StoryObj => ({
    name: path,
    parameters: { docs: { description: { story: describePath(shortestPathTo(model, path)) } } },
    loaders: [(): Pick<Loaded, 'actor'> => ({ actor: actorAt(model, shortestPathTo(model, path)) })],
    render: (_args, context) => {
      const { actor } = context.loaded as Loaded;
      return <View actor={actor as ActorRefFrom<TMachine>} />;
    },
    // The story shows what it is named after: the machine is in that state and, when the flow has
    // a view model (test/view/models/), the view shows that state's evidence, so a broken view
    // fails its story. Dialogs render outside the canvas, so the evidence is sought in the document.
    play: async ({ loaded }) => {
      const { actor, lang } = loaded as Loaded;
      const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
      await expect(isAt(snapshot, model, path)).toBe(true);
      // Only for the model the view model was written for: the teacher, parent and staff forms
      // run the profile machine with models of their own, and views of their own.
      const viewModel = viewModels[model.name as keyof typeof viewModels];
      if (viewModel?.model === model) await expectEvidence(evidenceAt(viewModel, snapshot).entries, lang);
    },
  });
  return { statechart: statechartStory(model), state };
}

export type { Meta, StoryObj };
