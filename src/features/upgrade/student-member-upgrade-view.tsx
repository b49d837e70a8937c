import { useSelector } from '@xstate/react';
import { lazy, Suspense, use, useCallback, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { STUDENT_UPGRADE, type studentMemberUpgradeMachine } from '../../../machines/upgrade/student-member-upgrade.machine.ts';
import type { Language } from '../../../contract/languages.ts';
import { I18nProvider, useLanguage } from '../../i18n/i18n-provider.tsx';
import { loadMessageGroups, type Messages } from '../../i18n/messages.ts';
import { useRefusalText } from '../../i18n/refusal-messages.ts';
import { RouteLink } from '../../shell/route-link.tsx';
import { Button, ButtonGroup } from '../../ui/button.tsx';
import { chunk } from '../../ui/chunk.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { Notice } from '../../ui/notice.tsx';
import { usePrefetchOnFirstInteraction } from '../../ui/prefetch-on-first-interaction.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { upgradeMessages as m } from './upgrade-messages.ts';

type UpgradeActor = ActorRefFrom<typeof studentMemberUpgradeMachine>;
type UpgradeSnapshot = SnapshotFrom<typeof studentMemberUpgradeMachine>;

const stepMessages = new Map<Language, Promise<Messages>>();

/**
 * Every message of the language loaded so far, once the `upgradeSteps` group is among them (and
 * `association`, which holds the link step's wrongPasswordOrUserNotFound); one promise per language.
 */
function loadStepMessages(lang: Language): Promise<Messages> {
  let promise = stepMessages.get(lang);
  if (!promise) {
    promise = chunk(loadMessageGroups(lang, ['upgrade', 'upgradeSteps', 'association']));
    // A failed download is tried again by the next render rather than remembered.
    promise.catch(() => stepMessages.delete(lang));
    stepMessages.set(lang, promise);
  }
  return promise;
}

const loadSteps = () => chunk(import('./student-upgrade-steps.tsx'));

/** The steps' forms with their messages (the `upgradeSteps` group). */
function StepMessages({ children }: { children: ReactNode }) {
  const lang = useLanguage();
  const messages = use(loadStepMessages(lang));
  return (
    <I18nProvider lang={lang} messages={messages}>
      {children}
    </I18nProvider>
  );
}
const TermsStep = lazy(() => loadSteps().then((module) => ({ default: module.TermsStep })));
const EmailCode = lazy(() => loadSteps().then((module) => ({ default: module.EmailCode })));
const SubscribeStep = lazy(() => loadSteps().then((module) => ({ default: module.SubscribeStep })));
const LinkStep = lazy(() => loadSteps().then((module) => ({ default: module.LinkStep })));

type Screen = 'loading' | 'loadFailed' | 'notEligible' | 'lapsed' | 'intro' | 'terms' | 'emailCode' | 'subscribe' | 'link' | 'done';

function screenOf(snapshot: UpgradeSnapshot): Screen {
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('notEligible')) return 'notEligible';
  if (snapshot.matches('lapsed')) return 'lapsed';
  if (snapshot.matches('intro')) return 'intro';
  if (snapshot.matches('terms') || snapshot.matches('acceptingTerms')) return 'terms';
  if (snapshot.matches('subscribe') || snapshot.matches('savingSubscription')) return 'subscribe';
  if (snapshot.matches('link') || snapshot.matches('finishing')) return 'link';
  if (snapshot.matches('done')) return 'done';
  return 'emailCode';
}

function StepHeader({ actor }: { actor: UpgradeActor }) {
  const intl = useIntl();
  const step = useSelector(actor, (snapshot) => STUDENT_UPGRADE.of((state) => snapshot.matches(state as never)));
  const resumeUntil = useSelector(actor, (snapshot) => snapshot.context.progress?.resumeUntil ?? null);
  if (!step) return null;
  const time = resumeUntil ? intl.formatDate(resumeUntil, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Hong_Kong' }) : null;
  return (
    <>
      <p>{intl.formatMessage(m.stepOf, STUDENT_UPGRADE.position(step))}</p>
      {step === 'finish' ? null : <p>{intl.formatMessage(m.duration)}</p>}
      {time && step !== 'finish' ? <p>{intl.formatMessage(m.resumeUntil, { time })}</p> : null}
    </>
  );
}

function Body({ actor, onClose }: { actor: UpgradeActor; onClose: () => void }): ReactNode {
  const intl = useIntl();
  const refusalText = useRefusalText();
  const screen = useSelector(actor, screenOf);
  const user = useSelector(actor, (snapshot) => snapshot.context.user);
  switch (screen) {
    case 'loading':
      return <Spinner label={intl.formatMessage(m.loading)} />;
    case 'loadFailed':
    case 'lapsed':
      return (
        <>
          <Notice tone="warning" live>
            <p>{screen === 'lapsed' ? refusalText('upgradeStepMissing') : intl.formatMessage(m.failed)}</p>
          </Notice>
          <Button onClick={() => actor.send({ type: 'retry' })}>{intl.formatMessage(screen === 'lapsed' ? m.startAgain : m.retry)}</Button>
        </>
      );
    case 'notEligible':
      return (
        <Notice tone="warning" live>
          <p>{refusalText('upgradeNotEligible')}</p>
        </Notice>
      );
    case 'intro':
      return (
        <>
          <h3>{intl.formatMessage(m.introHeading)}</h3>
          <p>{intl.formatMessage(m.introBody)}</p>
          <Button onClick={() => actor.send({ type: 'upgrade.start' })}>{intl.formatMessage(m.start)}</Button>
        </>
      );
    case 'terms':
    case 'emailCode':
    case 'subscribe':
    case 'link': {
      const Step = { terms: TermsStep, emailCode: EmailCode, subscribe: SubscribeStep, link: LinkStep }[screen];
      return (
        <Suspense fallback={<Spinner label={intl.formatMessage(m.loading)} />}>
          <StepMessages>
            <Step actor={actor} />
          </StepMessages>
        </Suspense>
      );
    }
    case 'done':
      return (
        <>
          <h3>{intl.formatMessage(m.doneHeading)}</h3>
          <Notice tone="success" live>
            <p>{intl.formatMessage(m.doneBody, { email: user?.loginEmail ?? '' })}</p>
          </Notice>
          <ButtonGroup>
            <RouteLink to="/{-$lang}/profile/family">{intl.formatMessage(m.toFamily)}</RouteLink>
            <Button variant="secondary" onClick={onClose}>
              {intl.formatMessage(m.close)}
            </Button>
          </ButtonGroup>
        </>
      );
  }
}

/**
 * The student-member upgrade as a dialog (SPEC §2 Upgrade popups): the step of how many, each
 * step's form, and the finish. Closing it keeps the progress on the server; `onClose` leaves.
 */
export function StudentMemberUpgradeView({ actor, onClose = () => {} }: { actor: UpgradeActor; onClose?: () => void }) {
  const intl = useIntl();
  const lang = useLanguage();
  const prefetchSteps = useCallback(() => Promise.allSettled([loadSteps(), loadStepMessages(lang)]), [lang]);
  usePrefetchOnFirstInteraction(prefetchSteps);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={intl.formatMessage(m.studentTitle)}>
      <StepHeader actor={actor} />
      <Body actor={actor} onClose={onClose} />
    </Dialog>
  );
}
