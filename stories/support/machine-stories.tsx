import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ComponentType } from 'react';
import { expect } from 'storybook/test';
import type { ActorRefFrom, AnyActorRef, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import type { MachineModel } from '../../machines/model-kit.ts';
import type { Language } from '../../contract/languages.ts';
import { createActor } from 'xstate';
import { describePath, shortestPathTo, type ModelPath } from '../../test/support/graph.ts';
import { viewModels } from '../../test/view/models/index.ts';
import { evidenceAt } from '../../test/view/support/view-model.ts';
import { expectEvidence } from './evidence.ts';
import { stateTitle } from './screens.ts';
import { StateCaption, WithCaption } from './state-caption.tsx';
import { DATA_ARG_TYPES, dataControls, isSampleData, varyEvent, varyInput, type DataArgs } from './story-data.ts';
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
    // Drawn from the graph, with no messages: the other languages have nothing to check.
    parameters: { layout: 'padded', languages: 'own', docs: { description: { story: `Drawn from ${model.name}'s own graph (toDirectedGraph).` } } },
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

/** An actor of the model brought along `path`, with the sample results varied by the story's args. */
function actorAlong(model: MachineModel, path: ModelPath, args: DataArgs): AnyActorRef {
  const actor = createActor(model.machine, { input: varyInput(model.input, args) });
  actor.start();
  for (const step of path.steps.slice(1)) actor.send(varyEvent(step.event, args));
  return actor;
}

/** The controls a flow's data can honour, at their samples (see stories/support/story-data.ts). */
function dataMeta(model: MachineModel): Pick<Meta<DataArgs>, 'argTypes' | 'args'> {
  const controls = dataControls([model.input, ...model.events.map((event) => (event as { output?: unknown }).output)]);
  if (controls.length === 0) return {};
  return {
    argTypes: Object.fromEntries(controls.map((name) => [name, DATA_ARG_TYPES[name]])),
    args: Object.fromEntries(controls.map((name) => [name, 'sample'])),
  };
}

/**
 * The stories of a flow: the statechart, and `state(path)` for each reachable state, which
 * renders the real view with an actor of the model driven along the shortest path to that state,
 * beside a caption with the state's title, raw path and the steps that reach it. The actor's own
 * actors never settle, so the view stays in the state it was brought to until the reader
 * interacts with it. `meta` holds the data controls the flow honours (names, family, requests).
 */
export function machineStories<TMachine extends AnyStateMachine>(flow: Flow<TMachine>) {
  const { model, View } = flow;
  const state = (path: string): StoryObj => ({
    name: path,
    parameters: { docs: { description: { story: `\`${model.name} · ${path}\`\n\n${describePath(shortestPathTo(model, path)).replace('\n', '\n\n')}` } } },
    loaders: [({ args }): Pick<Loaded, 'actor'> => ({ actor: actorAlong(model, shortestPathTo(model, path), args as DataArgs) })],
    render: (args, context) => {
      const { actor } = context.loaded as Loaded;
      const note = isSampleData(args as DataArgs) ? undefined : 'Data varied by the controls: the story checks only the state, not the sample texts.';
      const caption = <StateCaption title={stateTitle(model.name, path)} machine={model.name} path={path} steps={describePath(shortestPathTo(model, path))} note={note} />;
      return (
        <WithCaption caption={caption}>
          <View actor={actor as ActorRefFrom<TMachine>} />
        </WithCaption>
      );
    },
    // The story shows what it is named after: the machine is in that state and, when the flow has
    // a view model (test/view/models/), the view shows that state's evidence, so a broken view
    // fails its story. Dialogs render outside the canvas, so the evidence is sought in the document.
    play: async ({ loaded, args }) => {
      const { actor, lang } = loaded as Loaded;
      const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
      await expect(isAt(snapshot, model, path)).toBe(true);
      // Varied data changes the names and counts the evidence quotes.
      if (!isSampleData(args as DataArgs)) return;
      // Only for the model the view model was written for: the teacher, parent and staff forms
      // run the profile machine with models of their own, and views of their own.
      const viewModel = viewModels[model.name as keyof typeof viewModels];
      if (viewModel?.model === model) await expectEvidence(evidenceAt(viewModel, snapshot).entries, lang);
    },
  });
  return { statechart: statechartStory(model), state, meta: dataMeta(model) };
}

export type { Meta, StoryObj };
