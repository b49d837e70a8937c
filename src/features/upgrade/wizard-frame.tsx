import { useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, type ComponentType, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRef, Snapshot } from 'xstate';
import type { WizardContext, WizardSteps } from '../../../machines/upgrade/wizard.ts';
import { hkTime } from '../../i18n/hk-time.ts';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { lazyMessageGroups } from '../../i18n/lazy-messages.tsx';
import type { MessageGroup } from '../../i18n/message-groups.ts';
import { useRefusalText } from '../../i18n/refusal-messages.ts';
import { Button, ButtonGroup } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Notice } from '../../ui/notice.tsx';
import { usePrefetchOnFirstInteraction } from '../../ui/prefetch-on-first-interaction.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { upgradeMessages as m } from './upgrade-messages.ts';

/**
 * The view frame of an upgrade wizard (machines/upgrade/wizard.ts; docs/decisions/wizard.md): the
 * dialog, "Step k of n" with how long it takes and until when the progress is kept, the frame's
 * own states (loading, could not load, not eligible, lapsed), and the screen of the step the
 * machine is at. Each wizard gives its title, its steps and a screen per step; the screens of the
 * middle steps download apart from the dialog (`lazyWizardScreens`).
 */

/** What the frame reads of a wizard's snapshot. */
export type WizardSnapshot = Snapshot<unknown> & {
  context: WizardContext;
  matches(state: never): boolean;
};

/** Any wizard's actor, as the frame sees it: it reads the snapshot and sends `retry`. */
export type WizardActor = ActorRef<WizardSnapshot, { type: 'retry' }>;

/** A step's screen: it is given the wizard's own actor, and `onClose` (the finish's Close). */
export type WizardScreen<TActor> = ComponentType<{ actor: TActor; onClose: () => void }>;

type FrameState = 'loading' | 'loadFailed' | 'notEligible' | 'lapsed';
const FRAME_STATES: readonly FrameState[] = ['loading', 'loadFailed', 'notEligible', 'lapsed'];

/** The frame's own state, or null at a step. */
function frameState(snapshot: WizardSnapshot): FrameState | null {
  return FRAME_STATES.find((state) => snapshot.matches(state as never)) ?? null;
}

function useStep<TName extends string>(actor: WizardActor, steps: WizardSteps<TName>): TName | null {
  return useSelector(actor, (snapshot) => steps.of((state) => snapshot.matches(state as never)));
}

/** "Step k of n", that it takes about 5 minutes, and until when the progress is kept (Hong Kong time). */
function StepHeader<TName extends string>({ actor, steps }: { actor: WizardActor; steps: WizardSteps<TName> }) {
  const intl = useIntl();
  const step = useStep(actor, steps);
  const resumeUntil = useSelector(actor, (snapshot) => snapshot.context.progress?.resumeUntil ?? null);
  if (!step) return null;
  const last = steps.names.indexOf(step) === steps.names.length - 1;
  return (
    <>
      <p>{intl.formatMessage(m.stepOf, steps.position(step))}</p>
      {last ? null : <p>{intl.formatMessage(m.duration)}</p>}
      {resumeUntil && !last ? <p>{intl.formatMessage(m.resumeUntil, { time: hkTime(intl, resumeUntil) })}</p> : null}
    </>
  );
}

function FrameBody({ actor, state }: { actor: WizardActor; state: FrameState }) {
  const intl = useIntl();
  const refusalText = useRefusalText();
  switch (state) {
    case 'loading':
      return <Spinner label={intl.formatMessage(m.loading)} />;
    case 'notEligible':
      return (
        <Notice tone="warning" live>
          <p>{refusalText('upgradeNotEligible')}</p>
        </Notice>
      );
    case 'loadFailed':
    case 'lapsed':
      return (
        <>
          <Notice tone="warning" live>
            <p>{state === 'lapsed' ? refusalText('upgradeStepMissing') : intl.formatMessage(m.failed)}</p>
          </Notice>
          <Button onClick={() => actor.send({ type: 'retry' })}>{intl.formatMessage(state === 'lapsed' ? m.startAgain : m.retry)}</Button>
        </>
      );
  }
}

function Body<TActor extends WizardActor, TName extends string>({ actor, steps, screens, onClose }: WizardFrameProps<TActor, TName>) {
  const state = useSelector(actor as WizardActor, frameState);
  const step = useStep(actor, steps);
  if (state) return <FrameBody actor={actor} state={state} />;
  if (!step) return null;
  const Screen: WizardScreen<TActor> = screens[step];
  return <Screen actor={actor} onClose={onClose} />;
}

/** The finish: the new membership, where to go now (`next`, a link), and Close. */
export function WizardDone({ heading, body, next, onClose }: { heading: string; body: string; next: ReactNode; onClose: () => void }) {
  const intl = useIntl();
  return (
    <>
      <h3>{heading}</h3>
      <Notice tone="success" live>
        <p>{body}</p>
      </Notice>
      <ButtonGroup>
        {next}
        <Button variant="secondary" onClick={onClose}>
          {intl.formatMessage(m.close)}
        </Button>
      </ButtonGroup>
    </>
  );
}

export interface WizardFrameProps<TActor extends WizardActor, TName extends string> {
  actor: TActor;
  /** The dialog's title. */
  title: string;
  steps: WizardSteps<TName>;
  /** The screen of each step (the same component for steps that share one, so it stays mounted). */
  screens: Record<TName, WizardScreen<TActor>>;
  /** Closing keeps the progress on the server; the page leaves. */
  onClose: () => void;
  /** Downloads the steps' screens and messages on the first pointer or key press. */
  prefetch: () => Promise<unknown>;
}

export function WizardFrame<TActor extends WizardActor, TName extends string>(props: WizardFrameProps<TActor, TName>) {
  const { actor, title, steps, onClose, prefetch } = props;
  usePrefetchOnFirstInteraction(prefetch);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={title}>
      <StepHeader actor={actor} steps={steps} />
      <Body {...props} />
    </Dialog>
  );
}

/**
 * The screens of a wizard's middle steps, downloaded apart from its dialog (on the first press, or
 * at once when the wizard resumes at one of them) with their message `groups`: `screen(name)` is
 * the module's export `name` (`importScreens` downloads it, with `chunk`'s time limit), shown with a spinner until it and the messages are here; `usePrefetch()`
 * is the frame's `prefetch` for the language on screen.
 */
export function lazyWizardScreens<TModule extends Record<string, ComponentType<never>>>(importScreens: () => Promise<TModule>, groups: readonly MessageGroup[]) {
  const messages = lazyMessageGroups(groups);
  function screen<TKey extends keyof TModule & string>(name: TKey): TModule[TKey] {
    const Lazy = lazy(() => importScreens().then((module) => ({ default: module[name] as ComponentType })));
    function Screen(props: object): ReactNode {
      const intl = useIntl();
      return (
        <Suspense fallback={<Spinner label={intl.formatMessage(m.loading)} />}>
          <messages.Provider>
            <Lazy {...props} />
          </messages.Provider>
        </Suspense>
      );
    }
    return Screen as unknown as TModule[TKey];
  }
  function usePrefetch() {
    const lang = useLanguage();
    return useCallback(() => Promise.allSettled([importScreens(), messages.load(lang)]), [lang]);
  }
  return { screen, usePrefetch };
}
