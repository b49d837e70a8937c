import { assign, setup } from 'xstate';
import * as stepUp from '../../contract/calls/step-up.ts';
import { StepUpPasswordRequestSchema, type StepUpProof } from '../../contract/schemas/step-up.ts';
import {
  actorOutput,
  callActors,
  childrenOf,
  FIELD_ERRORS_ROUTE,
  FAILED_ROUTE,
  flowTypes,
  formEditing,
  formPiece,
  holdActions,
  NO_HOLD,
  REFUSED,
  refusal,
  submitting,
  validate,
  type HoldContext,
} from '../form.ts';

/**
 * Step-up (issue 23, docs/decisions/step-up.md): the dialog that asks for a fresh proof before a
 * sensitive action, without leaving the page. Another flow invokes it as a child actor when the
 * server refuses its action `stepUpRequired`, and sends the action again once the child's output
 * says `proved` (docs/flows.md "stepUp"; machines/step-up/step-up-child.ts).
 */
export type StepUpInput = Record<string, never>;

export interface StepUpValues {
  currentPassword: string;
}

export interface StepUpContext extends HoldContext {
  values: StepUpValues;
  /** Until when the proof counts (ISO), once given. */
  provedUntil: string | null;
}

export type StepUpEvent = { type: 'form.change'; field: 'currentPassword'; value: string } | { type: 'form.submit' } | { type: 'dialog.cancel' };

/** What the parent reads when the child ends: a proof, or the user closed the dialog. */
export type StepUpOutcome = { status: 'proved'; provedUntil: string } | { status: 'cancelled' };

const form = formPiece<StepUpContext, StepUpEvent>((context) => validate(StepUpPasswordRequestSchema, context.values));

const actors = callActors('stepUp', { proveWithPassword: stepUp.password });

export const stepUpMachine = setup({
  types: { ...flowTypes<StepUpContext, StepUpEvent, StepUpInput>(), output: {} as StepUpOutcome, children: childrenOf(actors) },
  actors,
  guards: form.guards,
  actions: {
    ...form.actions,
    ...holdActions<StepUpContext, StepUpEvent>(),
    /** The password is not kept once the server has judged it right. */
    assignProof: assign(({ event }) => ({ provedUntil: actorOutput<StepUpProof>(event, 'proveWithPassword').provedUntil, values: { currentPassword: '' } })),
  },
}).createMachine({
  id: 'stepUp',
  context: { values: { currentPassword: '' }, ...NO_HOLD, provedUntil: null },
  output: ({ context }) => (context.provedUntil ? { status: 'proved', provedUntil: context.provedUntil } : { status: 'cancelled' }),
  initial: 'editing',
  states: {
    editing: formEditing({
      on: { 'dialog.cancel': 'cancelled' },
      states: {
        /** Too many wrong passwords from this network: the time to try again is shown (as at login). */
        throttled: REFUSED,
        /** The account signs in only through a third party: the way to set a password is shown. */
        noPassword: REFUSED,
      },
    }),
    submitting: submitting('proveWithPassword', {
      input: ({ context }: { context: StepUpContext }) => ({ currentPassword: context.values.currentPassword }),
      onDone: { target: 'proved', actions: 'assignProof' },
      onError: [
        refusal('editing.throttled', 'stepUpThrottled'),
        refusal('editing.noPassword', 'stepUpNoPassword'),
        FIELD_ERRORS_ROUTE,
        FAILED_ROUTE,
      ],
    }),
    /** The proof is given: the parent sends its action again. */
    proved: { type: 'final', tags: ['done'] },
    /** The user closed the dialog: the parent's action is not sent. */
    cancelled: { type: 'final' },
  },
});
