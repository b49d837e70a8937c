import type { ComponentType } from 'react';
import type { ActorRefFrom, AnyStateMachine, EventFromLogic } from 'xstate';
import type { MachineModel } from '../../../machines/model-kit.ts';

/**
 * What a user sees, as data, so that one declaration serves the generated view paths (Vitest,
 * Chromium) and the stories' `play` alike. Texts are the English source texts of the messages
 * (their `defaultMessage`); the harness finds the same message in the language on screen through
 * `locales/`, with ICU placeholders matching anything. A RegExp is matched as given.
 */
export type Text = string | RegExp;

export type Sight =
  /** A heading (any level) with this text. */
  | { heading: Text }
  /** Visible text anywhere on the page (dialogs included). */
  | { text: Text }
  /** A live message (role alert or status) containing this text. */
  | { alert: Text }
  /** The field with this label shows this error. */
  | { field: Text; error: Text }
  /** A button with this name. */
  | { button: Text }
  /** An open dialog with this title. */
  | { dialog: Text }
  /** Something marked busy (aria-busy="true" or role progressbar). */
  | { busy: true }
  /** This text is not on the page. */
  | { absent: Text };

/** What tells a state apart from the others: every sight must hold. */
export type Evidence = readonly Sight[];

/** One thing a user does. */
export type Gesture =
  | { click: Text }
  | { fill: Text; value: string }
  | { choose: Text }
  | { check: Text; checked?: boolean }
  | { select: Text; option: Text }
  | { press: string };

/**
 * A flow as users meet it: the machine's model, the view that renders it, for each state path
 * (as the stories name them: `editing.idle`) its evidence, and for each user event how a user
 * performs it. Events the model feeds as actor results (`xstate.done.actor.*`,
 * `xstate.error.actor.*`) are faked calls, resolved by the harness, not gestures.
 */
export interface ViewModel<TMachine extends AnyStateMachine = AnyStateMachine> {
  model: MachineModel<TMachine>;
  View: ComponentType<{ actor: ActorRefFrom<TMachine> }>;
  evidence: Record<string, Evidence>;
  acts: {
    [K in EventFromLogic<TMachine>['type']]?: (event: Extract<EventFromLogic<TMachine>, { type: K }>) => readonly Gesture[];
  };
}

export function defineViewModel<TMachine extends AnyStateMachine>(viewModel: ViewModel<TMachine>): ViewModel<TMachine> {
  return viewModel;
}
