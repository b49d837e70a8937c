import type { AnyStateMachine, AnyStateNode } from 'xstate';
import en from '../../../locales/en.json';
import { allNodes, guardCodes, type MachineModel } from '../../../machines/model-kit.ts';
import type { Evidence } from './view-model.ts';

/*
 * A refusal is written once: its code in the call's declaration, its message in the locales, and
 * the route to its state in the machine (`refusal(target, ...codes)`, `hasCode(...)`, or
 * `refusedAs(code, state)`). What users see in that state and the title of its story follow from
 * the code, so view models and the stories' titles read them from here instead of retyping them.
 */

const MESSAGES: Record<string, string> = en;

/**
 * The refusal states of a machine (state path → the codes that lead there): the states every
 * transition into which is a `hasCode` route, and the states declared with `refusedAs`, in the
 * order the machine lists them. A state also reached otherwise (`editing.invalid`, a generic
 * failure) is no refusal state: it does not show one code's message.
 */
export function refusalStates(machine: AnyStateMachine): Map<string, string[]> {
  let states = found.get(machine);
  if (!states) found.set(machine, (states = findRefusalStates(machine)));
  return states;
}

const found = new WeakMap<AnyStateMachine, Map<string, string[]>>();

function findRefusalStates(machine: AnyStateMachine): Map<string, string[]> {
  const codesOf = new Map<AnyStateNode, string[]>();
  const reachedOtherwise = new Set<AnyStateNode>();
  const declared: AnyStateNode[] = [];
  for (const node of allNodes(machine.root)) {
    const code = (node.meta as { refusal?: string } | undefined)?.refusal;
    if (code) {
      declared.push(node);
      codesOf.set(node, [code]);
    }
    for (const transitions of node.transitions.values()) {
      for (const transition of transitions) {
        const codes = guardCodes(transition.guard);
        for (const target of transition.target ?? []) {
          if (codes.length === 0) reachedOtherwise.add(target);
          else codesOf.set(target, [...new Set([...(codesOf.get(target) ?? []), ...codes])]);
        }
      }
    }
  }
  const states = new Map<string, string[]>();
  for (const [node, codes] of codesOf) if (declared.includes(node) || !reachedOtherwise.has(node)) states.set(node.path.join('.'), codes);
  return states;
}

/** The English message of a refusal code (`error.<code>` in locales/en.json). */
export function refusalText(code: string): string {
  const text = MESSAGES[`error.${code}`];
  if (text === undefined) throw new Error(`no message error.${code} in locales/en.json`);
  return text;
}

/** The one message a refusal state shows, when every code that leads there reads the same. */
export function stateRefusalText(machine: AnyStateMachine, path: string): string | undefined {
  const codes = refusalStates(machine).get(path);
  if (!codes) return undefined;
  const texts = [...new Set(codes.map(refusalText))];
  return texts.length === 1 ? texts[0] : undefined;
}

/** A refusal state's story title: the first sentence of its (first) code's message. */
export function refusalTitle(machine: AnyStateMachine, path: string): string | undefined {
  const [code] = refusalStates(machine).get(path) ?? [];
  if (!code) return undefined;
  // Messages that quote a SPEC reference number first (`Error 04: The time limit…`) are titled without it.
  const text = refusalText(code).replace(/^Error \d+: /, '');
  const first = /^.*?[.!?](?=\s|$)/.exec(text)?.[0] ?? text;
  return first.replace(/[.!]$/, '');
}

/** The message of every refusal state under `under` (`editing`; `''` for all) whose codes share one, by state. */
export function refusalMessages(model: MachineModel<AnyStateMachine>, under: string): Record<string, string> {
  const machine = model.machine as AnyStateMachine;
  const messages: Record<string, string> = {};
  for (const state of refusalStates(machine).keys()) {
    const text = under === '' || state.startsWith(`${under}.`) ? stateRefusalText(machine, state) : undefined;
    if (text !== undefined) messages[state] = text;
  }
  return messages;
}

/**
 * The evidence of every refusal state under `under` (`editing`) whose codes share one message,
 * made from that message by `shows` (where the view puts it; `code` is the first code leading
 * there): `...refusalEvidence(familyJoinModel, 'editing', (message) => [{ alert: message }])`.
 * Entries written after the spread override it where a state shows something else.
 */
export function refusalEvidence(model: MachineModel<AnyStateMachine>, under: string, shows: (message: string, code: string) => Evidence): Record<string, Evidence> {
  const codes = refusalStates(model.machine as AnyStateMachine);
  return Object.fromEntries(Object.entries(refusalMessages(model, under)).map(([state, message]) => [state, shows(message, codes.get(state)![0]!)]));
}
