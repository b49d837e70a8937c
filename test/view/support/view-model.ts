import type { ComponentType } from 'react';
import type { ActorRefFrom, AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventFromLogic, EventObject, SnapshotFrom } from 'xstate';
import type { MachineModel } from '../../../machines/model-kit.ts';

/**
 * What a user sees, as data, so that one declaration serves the generated view paths (Vitest,
 * Chromium) and the stories' `play` alike. Texts are the English source texts of the messages
 * (as in locales/en.json; a message imported from a feature is quoted with `english(m.key)` from
 * ./text.ts, never its `defaultMessage`, which builds strip); the harness finds the same message in
 * the language on screen through `locales/`, with ICU placeholders matching anything. A RegExp is
 * matched as given.
 */
export type Text = string | RegExp;

export type Sight =
  /** A heading (any level) whose whole text is this. */
  | { heading: Text }
  /** Visible text anywhere on the page (dialogs included). */
  | { text: Text }
  /** A live message (role alert or status) containing this text. */
  | { alert: Text }
  /** The field with this label shows this error. */
  | { field: Text; error: Text }
  /** The field (or group) with this label is marked invalid, whatever its error says. */
  | { invalid: Text }
  /** A button with this name. */
  | { button: Text }
  /** An open dialog (or alert dialog) with this title. */
  | { dialog: Text }
  /** Something marked busy (aria-busy="true"); with a text, a busy element or spinner (role status) saying it. */
  | { busy: true | Text }
  /** This text is not on the page. */
  | { absent: Text };

/** What tells a state apart from the others: every sight must hold. */
export type Evidence = readonly Sight[];

/** One thing a user does. Labels and names are English source texts, as in sights. */
export type Gesture =
  /** Click the button (or link) with this name. */
  | { click: Text }
  /** Type this value into the field with this label, replacing what it held. */
  | { fill: Text; value: string }
  /** Pick the radio button with this label. */
  | { choose: Text }
  /** Tick (or untick) the checkbox with this label. */
  | { check: Text; checked?: boolean }
  /** Click the checkbox with this label, whatever it held. */
  | { toggle: Text }
  /** Pick the option in the select with this label. */
  | { select: Text; option: Text }
  /** Press a key (`Escape`, `Enter`) where the focus is. */
  | { press: string }
  /** Choose a file (a small PNG named `file`) in the file input with this label. */
  | { upload: Text; file: string };

/** The view of a flow: it renders from the actor's snapshot and sends it the user's events. */
export type FlowView<TMachine extends AnyStateMachine = AnyStateMachine> = ComponentType<{ actor: ActorRefFrom<TMachine> }>;

/**
 * A flow as users meet it: the machine's model, for each state path
 * (as the stories name them: `editing.idle`) its evidence, and for each user event how a user
 * performs it. Events the model feeds as actor results (`xstate.done.actor.*`,
 * `xstate.error.actor.*`) are faked calls, resolved by the harness, not gestures; XState's own
 * events (`xstate.after.*` timers) are sent as they are.
 *
 * Evidence may be given for a compound state (`pending`) and for its children
 * (`pending.waiting.idle`); a visited snapshot asserts every entry of its active states, and each
 * active leaf state must have one of its own or an ancestor's.
 *
 * The view itself is not part of it (it is given to `viewPathTests` and registered in
 * stories/flows.tsx), so that scripts in Node can read view models without loading React views.
 */
export interface ViewModel<TMachine extends AnyStateMachine = AnyStateMachine> {
  model: MachineModel<TMachine>;
  evidence: Record<string, Evidence>;
  acts: {
    /**
     * `before` is the snapshot the event is sent in (the same event may be a different button per
     * screen). `null`: on that screen the event is not the view's to send (another part of the app
     * sends it, e.g. the header's log out), so the harness sends it as it is.
     */
    [K in EventFromLogic<TMachine>['type']]?: (event: Extract<EventFromLogic<TMachine>, { type: K }>, before: SnapshotFrom<TMachine>) => readonly Gesture[] | null;
  };
  /** Event types the app itself sends (a failed call raising the fatal dialog): sent to the actor as they are. */
  appEvents?: ReadonlyArray<EventFromLogic<TMachine>['type']>;
}

export function defineViewModel<TMachine extends AnyStateMachine>(viewModel: ViewModel<TMachine>): ViewModel<TMachine> {
  return viewModel;
}

/** Done, error and timer events, and the events the app sends by itself, are not a user's doing. */
export function isUserEvent(event: EventObject, viewModel?: ViewModel): boolean {
  return !event.type.startsWith('xstate.') && !(viewModel?.appEvents as readonly string[] | undefined)?.includes(event.type);
}

export function gesturesFor(viewModel: ViewModel, event: EventObject, before: AnyMachineSnapshot): readonly Gesture[] | null {
  const act = (viewModel.acts as Record<string, ((event: EventObject, before: AnyMachineSnapshot) => readonly Gesture[] | null) | undefined>)[event.type];
  if (!act) throw new Error(`${viewModel.model.name}: the view model says no gesture for the user event ${event.type}`);
  return act(event, before);
}

function isLeaf(node: AnyStateNode): boolean {
  return node.type === 'atomic' || node.type === 'final';
}

/** `editing.idle` for the node `passwordLogin.editing.idle`. */
export function nodePath(node: AnyStateNode): string {
  return node.path.join('.');
}

export interface EvidenceAt {
  /** Evidence entries to assert, by state path, outermost first. */
  entries: Array<[state: string, evidence: Evidence]>;
  /** Active leaf states with no evidence of their own or from an ancestor. */
  missing: string[];
  /** Every active state node (compound ones included). */
  nodes: AnyStateNode[];
}

/** The evidence a snapshot's active states call for. */
export function evidenceAt(viewModel: ViewModel, snapshot: AnyMachineSnapshot): EvidenceAt {
  const nodes = snapshot._nodes.filter((node) => node.path.length > 0);
  const entries: Array<[string, Evidence]> = [];
  for (const node of nodes) {
    const found = viewModel.evidence[nodePath(node)];
    if (found) entries.push([nodePath(node), found]);
  }
  const missing = nodes
    .filter(isLeaf)
    .filter((leaf) => {
      for (let n: AnyStateNode | undefined = leaf; n && n.path.length > 0; n = n.parent) if (viewModel.evidence[nodePath(n)]) return false;
      return true;
    })
    .map(nodePath);
  return { entries, missing, nodes };
}
