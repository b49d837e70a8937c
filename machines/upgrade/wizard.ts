import { assign, type EventObject } from 'xstate';
import type { FieldIssue } from '../../contract/errors.ts';
import type { User } from '../../contract/schemas/account.ts';
import type { UpgradeKind, UpgradeProgress, UpgradeProgressRequest, UpgradeStep } from '../../contract/schemas/upgrade.ts';
import { editingStates, formGuards, hasCode, refusalActions, unprovided, type RefusalContext } from '../form.ts';

/**
 * The frame of an upgrade wizard (docs/decisions/wizard.md): the states around the steps
 * (`loading` the server's progress and resuming at the step reached, `loadFailed`, `notEligible`,
 * `lapsed`, `done`), a step's form state and a step's call state, and the count of the steps a
 * user sees ("Step k of n"). Both upgrades spread it into their own statechart, so each keeps one
 * machine (one model, one coverage); a third wizard does the same with its own steps:
 *
 *     setup({
 *       guards: { ...upgradeStepGuards<Values>(), isStepInvalid, … },   // isAtStep, isFieldOf
 *       actions: { ...emailCodeActions<Ctx, Ev>(), assignStepErrors, … }, // assignProgress
 *     })
 *     states: {
 *       ...wizardFrameStates('myUpgrade', { first: 'intro', resumeAt: ['email', 'code'] }),
 *       terms: wizardStep('terms', ['acceptTerms'], 'acceptingTerms'),
 *       acceptingTerms: wizardCall('acceptTerms', 'email', { input: termsInput, onError: [...] }),
 *       …
 *     }
 *
 * What the machine declares besides: the context's `kind`, `progress`, `errorCode`; the actor
 * `fetchProgress`; the guards `isAtStep` (the progress names this step), `isFieldOf`,
 * `isStepInvalid` and `hasCode`; the actions `assignProgress`, `assignValue`, `assignStepErrors`,
 * `assignErrorCode`, `clearErrors`; and the `retry` event. The view frame is
 * src/features/upgrade/wizard-frame.tsx, the view model's part test/view/models/wizard.ts.
 */

/** What the frame reads and writes of the machine's context. */
export interface WizardContext extends RefusalContext {
  kind: UpgradeKind;
  /** The server's progress (the step reached, the email, the code's times, until when it is kept). */
  progress: UpgradeProgress | null;
  /** ISO time until which a refusal holds (a step's `held` or `throttled`). */
  holdUntil: string | null;
  /** The upgraded user, once the last step was accepted: the machine's output. */
  user: User | null;
}

/** A wizard's context before the progress is read: its `kind` and its form's empty `values`. */
export function wizardContext<const TKind extends UpgradeKind, TValues>(kind: TKind, values: TValues) {
  return { kind, values, progress: null, fieldErrors: [], errorCode: null, holdUntil: null, user: null };
}

/** The machine's output: the upgraded user (`done` is reached with it only). */
export function wizardOutput(machineId: string) {
  return ({ context }: { context: WizardContext }): User => {
    if (!context.user) throw new Error(`${machineId} reached done without a user`);
    return context.user;
  };
}

/** Typing in one of the form's fields: `{ type: 'form.change', field, value }`, typed per field. */
export type WizardChange<TValues> = { [K in keyof TValues]: { type: 'form.change'; field: K; value: TValues[K] } }[keyof TValues];

/** The events of the frame and of its steps' forms; a wizard adds its own. */
export type WizardEvent<TValues> = WizardChange<TValues> | { type: 'form.submit' } | { type: 'upgrade.start' } | { type: 'retry' };

/** The frame's actor: the server's progress of this kind of upgrade. */
export function wizardActors(machineId: string) {
  return { fetchProgress: unprovided<UpgradeProgress, UpgradeProgressRequest>(machineId, 'fetchProgress') };
}

/** `setup({ types: { children } })` for a machine whose every actor is invoked under its own name. */
export type ChildrenOf<TActors> = { [K in keyof TActors & string]: K };

/**
 * The guards and actions of the steps' forms: the shared refusal ones (`hasCode`,
 * `hasFieldErrors`, `assignErrorCode`, `clearErrors`…, machines/form.ts), and the check of a
 * step's form, `issues(step, context)` (the contract schema, every problem at once), as the
 * guard `isStepInvalid` and the action `assignStepErrors`, each taking `{ step }`.
 */
export function wizardPiece<TContext extends RefusalContext, TEvent extends EventObject, TStep extends string>(issues: (step: TStep, context: TContext) => FieldIssue[]) {
  return {
    guards: { ...formGuards, isStepInvalid: ({ context }: { context: TContext }, params: { step: TStep }) => issues(params.step, context).length > 0 },
    actions: {
      ...refusalActions<TContext, TEvent>(),
      assignStepErrors: assign<TContext, TEvent, { step: TStep }, TEvent, never>(({ context }, params) => ({ fieldErrors: issues(params.step, context as TContext) }) as Partial<TContext>),
    },
  };
}

/** The account cannot take this upgrade: the frame's `notEligible`, from loading or a start. */
export function notEligibleRoute<const TMachineId extends string>(machineId: TMachineId) {
  return { guard: hasCode('upgradeNotEligible'), target: `#${machineId}.notEligible` } as const;
}

/** The server no longer holds the steps before this one: the frame's `lapsed`, from any step. */
export function lapsedRoute<const TMachineId extends string>(machineId: TMachineId) {
  return { guard: hasCode('upgradeStepMissing'), target: `#${machineId}.lapsed` } as const;
}

/** The route that opens a resumed wizard at `step`, the step the server's progress names. */
function resumeRoute<const TStep extends UpgradeStep>(step: TStep) {
  return { guard: { type: 'isAtStep', params: { step } }, target: step, actions: 'assignProgress' } as const;
}

function progressRequest({ context }: { context: { kind: UpgradeKind } }) {
  return { kind: context.kind };
}

/**
 * The frame's states. `first` is the step a new wizard opens at; `resumeAt` the steps (named as
 * the server's progress names them, and as the machine's states) a resumed one may open at.
 */
export function wizardFrameStates<const TMachineId extends string, const TFirst extends string, const TResume extends readonly UpgradeStep[]>(
  machineId: TMachineId,
  options: { first: TFirst; resumeAt: TResume },
) {
  return {
    /** Reads the progress the server kept: a resumed wizard opens at the step reached. */
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchProgress',
        src: 'fetchProgress',
        input: progressRequest,
        onDone: [...options.resumeAt.map(resumeRoute), { target: options.first, actions: 'assignProgress' }],
        onError: [notEligibleRoute(machineId), { target: 'loadFailed', actions: 'assignErrorCode' }],
      },
    },
    loadFailed: { tags: ['error'], on: { retry: 'loading' } },
    /** This account cannot take the upgrade (not of the kind it is for, or already upgraded). */
    notEligible: { tags: ['error'] },
    /** The server no longer holds the steps before this one (the progress lapsed): start again. */
    lapsed: { tags: ['error'], on: { retry: 'loading' } },
    /** The account has its new category, with its permissions. */
    done: { type: 'final', tags: ['done'] },
  } as const;
}

/**
 * A step's form: each step takes only its own `fields`, `form.submit` checks the step's form
 * (`isStepInvalid`, every problem at once) and goes on to `submitTo`; `idle`, `invalid`, the
 * step's own refusal states (`states`), `failed`. `on` adds the step's other events.
 */
export function wizardStep<
  const TStep extends string,
  const TFields extends readonly string[],
  const TSubmitTo extends string,
  const TOn extends object = {},
  const TStates extends object = {},
>(step: TStep, fields: TFields, submitTo: TSubmitTo, more: { on?: TOn; states?: TStates } = {}) {
  return {
    tags: ['ready'],
    initial: 'idle',
    on: {
      'form.change': { guard: { type: 'isFieldOf', params: { fields } }, actions: 'assignValue' },
      'form.submit': [
        { guard: { type: 'isStepInvalid', params: { step } }, target: '.invalid', actions: { type: 'assignStepErrors', params: { step } } },
        { target: submitTo, actions: 'clearErrors' },
      ],
      ...(more.on ?? ({} as TOn)),
    },
    states: editingStates(more.states ?? ({} as TStates)),
  } as const;
}

/**
 * A step's call: busy while the actor `src` (invoked with the same id) runs. `done` is where its
 * answer leads: a state name (the answer is the server's progress, kept by `assignProgress`), or
 * a whole transition.
 */
export function wizardCall<const TSrc extends string, const TDone extends string | object, const TOnError, TInput = undefined>(
  src: TSrc,
  done: TDone,
  options: { onError: TOnError; input?: TInput },
) {
  const onDone = typeof done === 'string' ? { target: done, actions: 'assignProgress' } : done;
  return {
    tags: ['busy'],
    invoke: { id: src, src, ...options, onDone } as { id: TSrc; src: TSrc; onDone: TDone extends string ? { target: TDone; actions: 'assignProgress' } : TDone; onError: TOnError } & ([NoInfer<TInput>] extends [undefined]
      ? unknown
      : { input: NoInfer<TInput> }),
  } as const;
}

/**
 * The steps a user counts, each with the machine's states that belong to it (the view's "Step k
 * of n"), in order. `of` names the step of a snapshot's state (null in the frame's own states).
 */
export function wizardSteps<const TName extends string>(steps: readonly (readonly [TName, readonly string[]])[]) {
  const names = steps.map(([name]) => name);
  return {
    names,
    /** The step a state belongs to, given the snapshot's `matches`. */
    of(matches: (state: string) => boolean): TName | null {
      return steps.find(([, states]) => states.some((state) => matches(state)))?.[0] ?? null;
    },
    /** "Step k of n": k counts from 1. */
    position(name: TName): { step: number; total: number } {
      return { step: names.indexOf(name) + 1, total: names.length };
    },
  };
}

export type WizardSteps<TName extends string = string> = ReturnType<typeof wizardSteps<TName>>;
