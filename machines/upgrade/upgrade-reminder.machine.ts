import { assign, setup } from 'xstate';
import * as upgrade from '../../contract/calls/upgrade.ts';
import type { UpgradeKind, UpgradeProgress, UpgradeProgressRequest } from '../../contract/schemas/upgrade.ts';
import { actorOutput, callActors, calling, childrenOf, flowTypes } from '../form.ts';

export interface UpgradeReminderInput {
  /** The upgrade this account may make (student → studentMember, public → fullMember); other accounts show no reminder. */
  kind: UpgradeKind;
}

export interface UpgradeReminderContext {
  kind: UpgradeKind;
  /** Until when the server keeps the progress (ISO), once an upgrade was left half-way. */
  resumeUntil: string | null;
}

/** The user's one event: "Continue your upgrade" (the page then opens the upgrade). */
export type UpgradeReminderEvent = { type: 'reminder.follow' };

const actors = callActors('upgradeReminder', { fetchProgress: upgrade.progress });

function progressRequest({ context }: { context: UpgradeReminderContext }): UpgradeProgressRequest {
  return { kind: context.kind };
}

/** An upgrade begun and not finished: past its first step and before its end, and kept by the server. */
function leftHalfWay(progress: UpgradeProgress): boolean {
  return progress.step !== 'intro' && progress.step !== 'done' && progress.resumeUntil !== null;
}

/**
 * "Continue your upgrade" on the profile page (issue 26, item 12; docs/decisions/wizard.md): asks
 * the server for the progress of the account's upgrade, and shows the way back to it while the
 * progress is kept. Nothing to show (none begun, finished, not eligible, a failure to ask) is
 * `none`: a reminder is not worth an error.
 */
export const upgradeReminderMachine = setup({
  types: { ...flowTypes<UpgradeReminderContext, UpgradeReminderEvent, UpgradeReminderInput>(), children: childrenOf(actors) },
  actors,
  guards: {
    isHalfWay: ({ event }) => leftHalfWay(actorOutput<UpgradeProgress>(event, 'fetchProgress')),
  },
  actions: {
    assignProgress: assign({ resumeUntil: ({ event }) => actorOutput<UpgradeProgress>(event, 'fetchProgress').resumeUntil }),
  },
}).createMachine({
  id: 'upgradeReminder',
  context: ({ input }) => ({ kind: input.kind, resumeUntil: null }),
  initial: 'checking',
  states: {
    /** Reading the progress the server keeps for the account's upgrade. */
    checking: calling('fetchProgress', {
      input: progressRequest,
      onDone: [{ guard: 'isHalfWay', target: 'kept', actions: 'assignProgress' }, { target: 'none' }],
      onError: { target: 'none' },
    }),
    /** Nothing to continue. */
    none: { tags: ['ready'] },
    /** An upgrade left half-way: the button that reopens it at its step, and until when it is kept. */
    kept: { tags: ['ready'], on: { 'reminder.follow': 'followed' } },
    /** "Continue your upgrade" was pressed: the page goes to the upgrade, which opens at the step reached. */
    followed: { type: 'final' },
  },
});
