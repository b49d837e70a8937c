import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ComponentType } from 'react';
import { expect } from 'storybook/test';
import type { ActorRefFrom, AnyActorRef, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import type { MachineModel } from '../../machines/model-kit.ts';
import { HTML_LANG, type Language } from '../../contract/languages.ts';
import { createActor } from 'xstate';
import { describePath, reachableStates, type ModelPath } from '../../test/support/graph.ts';
import type { AppActors, SessionActor } from '../../src/shell/app-actors.ts';
import { viewModels } from '../../test/view/models/index.ts';
import { HOW_TO_GET_HERE, viewSteps } from '../../test/view/support/describe.ts';
import { evidenceAt } from '../../test/view/support/view-model.ts';
import { expectEvidence } from './evidence.ts';
import { screenOf, stateTitle } from './screens.ts';
import { stateStoryIds } from './story-ids.ts';
import { StateCaption, WithCaption, type HowToGetHere } from './state-caption.tsx';
import { DATA_ARG_TYPES, dataControls, isSampleData, varyEvent, varyInput, type DataArgs } from './story-data.ts';
import { Statechart } from './statechart.tsx';
import { expectFrame, frameActors, StoryPageFrame } from './page-frame.tsx';
import { storyPage } from './pages.ts';
import { storyMachine, storyPathTo } from './story-paths.ts';

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
  /** The page frame's session and fatal-error actors (stories/support/page-frame.tsx). */
  frame: AppActors;
  /** The story's language, from the preview's loader. */
  lang: Language;
}

function isAt(snapshot: AnyMachineSnapshot, model: MachineModel, state: string): boolean {
  const id = `${model.machine.root.id}.${state}`;
  return snapshot._nodes.some((node) => node.id === id);
}

/**
 * The docs page of a machine: its statechart, drawn from its own graph when the story renders;
 * with `stories` (state id → story id), each state's name links to its story.
 */
function statechartStory(model: MachineModel, stories?: ReadonlyMap<string, string>): StoryObj {
  return {
    name: 'Statechart',
    // Drawn from the graph, with no messages: the other languages have nothing to check.
    parameters: { layout: 'padded', languages: 'own', docs: { description: { story: `Drawn from ${model.name}'s own graph (toDirectedGraph).` } } },
    render: () => <Statechart machine={model.machine} stories={stories} />,
    play: async ({ canvasElement }) => {
      // Every state of the machine has its box.
      const drawn = canvasElement.querySelectorAll('[data-state]').length;
      await expect(drawn).toBeGreaterThan(Object.keys(model.machine.root.states).length);
    },
  };
}

/**
 * How to reach a state, as a designer would do it: where the flow has a view model written for
 * this model, its gestures in `lang` along the story's path (the wording of `npm run paths`),
 * else the path's events (English, as the model tests print them).
 */
export function howToGetHere(model: MachineModel, path: ModelPath, lang: Language): HowToGetHere {
  const viewModel = viewModels[model.name as keyof typeof viewModels];
  if (viewModel?.model === model) {
    const [start, ...rest] = viewSteps(viewModel, path, lang);
    return { heading: HOW_TO_GET_HERE[lang], start: start!.gesture, steps: rest.map((step) => step.gesture), lang: HTML_LANG[lang] };
  }
  const [start, ...rest] = describePath(path).split('\n');
  return { heading: HOW_TO_GET_HERE.en, start: start!, steps: rest.map((line) => line.replace(/^\d+\.\s*/, '')), lang: HTML_LANG.en };
}

/** The docs description of a state story: its raw path and, in English, how to get there. */
function docsDescription(model: MachineModel, path: ModelPath, state: string): string {
  const how = howToGetHere(model, path, 'en');
  return [`\`${model.name} · ${state}\``, `**${how.heading}**`, how.start, how.steps.map((step, index) => `${index + 1}. ${step}`).join('\n')].join('\n\n');
}

/** The stories of a machine whose view does not exist yet: only its statechart. */
export function statechartStories(model: MachineModel) {
  return { statechart: statechartStory(model) };
}

/** An actor of the model brought along `path`, with the sample results varied by the story's args. */
function actorAlong(model: MachineModel, path: ModelPath, args: DataArgs): AnyActorRef {
  const actor = createActor(storyMachine(model), { input: varyInput(model.input, args) });
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
  const page = storyPage(model.name);
  const state = (path: string): StoryObj => ({
    name: path,
    parameters: { docs: { description: { story: docsDescription(model, storyPathTo(model, path), path) } } },
    loaders: [
      ({ args }): Pick<Loaded, 'actor' | 'frame'> => {
        const actor = actorAlong(model, storyPathTo(model, path), args as DataArgs);
        // The session flow's own actor is the frame's session: the header follows its states.
        return { actor, frame: frameActors(page, model.name === 'session' ? (actor as SessionActor) : undefined) };
      },
    ],
    render: (args, context) => {
      const { actor, frame, lang } = context.loaded as Loaded;
      const note = isSampleData(args as DataArgs) ? undefined : 'Data varied by the controls: the story checks only the state, not the sample texts.';
      const how = howToGetHere(model, storyPathTo(model, path), lang);
      const caption = <StateCaption title={stateTitle(model.name, path)} machine={model.name} path={path} how={how} note={note} />;
      return (
        <WithCaption caption={caption}>
          <StoryPageFrame machine={model.name} page={page} actors={frame}>
            <View actor={actor as ActorRefFrom<TMachine>} />
          </StoryPageFrame>
        </WithCaption>
      );
    },
    // The story shows what it is named after: the machine is in that state and, when the flow has
    // a view model (test/view/models/), the view shows that state's evidence, so a broken view
    // fails its story. Dialogs render outside the canvas, so the evidence is sought in the document.
    play: async ({ loaded, args, canvasElement }) => {
      const { actor, lang } = loaded as Loaded;
      const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
      await expect(isAt(snapshot, model, path)).toBe(true);
      await expectFrame(canvasElement, page, model.name !== 'session');
      // Varied data changes the names and counts the evidence quotes.
      if (!isSampleData(args as DataArgs)) return;
      // Only for the model the view model was written for: the teacher, parent and staff forms
      // run the profile machine with models of their own, and views of their own.
      const viewModel = viewModels[model.name as keyof typeof viewModels];
      if (viewModel?.model === model) await expectEvidence(evidenceAt(viewModel, snapshot).entries, lang);
    },
  });
  // The ids scripts/gen-stories.ts gives the state stories: its states, in its order, under its title.
  const root = model.machine.root.id;
  const states = reachableStates(model).map((id) => id.slice(root.length + 1));
  const ids = stateStoryIds(screenOf(model.name), states);
  const stories = new Map(states.map((state) => [`${root}.${state}`, ids.get(state)!]));
  return { statechart: statechartStory(model, stories), state, meta: dataMeta(model) };
}

export type { Meta, StoryObj };
