import { useSelector } from '@xstate/react';
import { lazy, Suspense, use, useCallback, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Language } from '../../../contract/languages.ts';
import { FULL_UPGRADE, type fullMemberUpgradeMachine } from '../../../machines/upgrade/full-member-upgrade.machine.ts';
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
import { loadMobileVerificationView } from '../mobile-verification/index.ts';
import { fullUpgradeMessages as f } from './full-upgrade-messages.ts';
import { upgradeMessages as m } from './upgrade-messages.ts';

type UpgradeActor = ActorRefFrom<typeof fullMemberUpgradeMachine>;
type UpgradeSnapshot = SnapshotFrom<typeof fullMemberUpgradeMachine>;

const stepMessages = new Map<Language, Promise<Messages>>();

/** The steps' messages: the shared upgrade steps' group and the mobile verification's (the phone step shows its view). */
function loadStepMessages(lang: Language): Promise<Messages> {
  let promise = stepMessages.get(lang);
  if (!promise) {
    promise = chunk(loadMessageGroups(lang, ['upgrade', 'upgradeSteps', 'mobileVerification']));
    promise.catch(() => stepMessages.delete(lang));
    stepMessages.set(lang, promise);
  }
  return promise;
}

/** The steps' forms, with the mobile verification's view their phone step embeds (so it shows without a second wait). */
const loadSteps = () => Promise.all([chunk(import('./full-upgrade-steps.tsx')), loadMobileVerificationView()]).then(([module]) => module);

function StepMessages({ children }: { children: ReactNode }) {
  const lang = useLanguage();
  const messages = use(loadStepMessages(lang));
  return (
    <I18nProvider lang={lang} messages={messages}>
      {children}
    </I18nProvider>
  );
}
const EmailCode = lazy(() => loadSteps().then((module) => ({ default: module.EmailCode })));
const PhoneStep = lazy(() => loadSteps().then((module) => ({ default: module.PhoneStep })));
const InfoStep = lazy(() => loadSteps().then((module) => ({ default: module.InfoStep })));

type Screen = 'loading' | 'loadFailed' | 'notEligible' | 'lapsed' | 'welcome' | 'emailCode' | 'phone' | 'info' | 'done';

function screenOf(snapshot: UpgradeSnapshot): Screen {
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('notEligible')) return 'notEligible';
  if (snapshot.matches('lapsed')) return 'lapsed';
  if (snapshot.matches('welcome') || snapshot.matches('starting')) return 'welcome';
  if (snapshot.matches('phone') || snapshot.matches('confirmingPhone')) return 'phone';
  if (snapshot.matches('info') || snapshot.matches('finishing')) return 'info';
  if (snapshot.matches('done')) return 'done';
  return 'emailCode';
}

function StepHeader({ actor }: { actor: UpgradeActor }) {
  const intl = useIntl();
  const step = useSelector(actor, (snapshot) => FULL_UPGRADE.of((state) => snapshot.matches(state as never)));
  const resumeUntil = useSelector(actor, (snapshot) => snapshot.context.progress?.resumeUntil ?? null);
  if (!step) return null;
  const time = resumeUntil ? intl.formatDate(resumeUntil, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Hong_Kong' }) : null;
  return (
    <>
      <p>{intl.formatMessage(m.stepOf, FULL_UPGRADE.position(step))}</p>
      {step === 'finish' ? null : <p>{intl.formatMessage(m.duration)}</p>}
      {time && step !== 'finish' ? <p>{intl.formatMessage(m.resumeUntil, { time })}</p> : null}
    </>
  );
}

function Body({ actor, onClose }: { actor: UpgradeActor; onClose: () => void }): ReactNode {
  const intl = useIntl();
  const refusalText = useRefusalText();
  const screen = useSelector(actor, screenOf);
  const starting = useSelector(actor, (snapshot) => snapshot.matches('starting'));
  const startFailed = useSelector(actor, (snapshot) => snapshot.matches({ welcome: 'failed' }));
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
    case 'welcome':
      return (
        <>
          <h3>{intl.formatMessage(f.welcomeHeading)}</h3>
          {startFailed ? (
            <Notice tone="warning" live>
              <p>{intl.formatMessage(m.failed)}</p>
            </Notice>
          ) : null}
          <p>{intl.formatMessage(f.welcomeBody)}</p>
          <Button busy={starting} onClick={() => actor.send({ type: 'upgrade.start' })}>
            {intl.formatMessage(m.start)}
          </Button>
        </>
      );
    case 'emailCode':
    case 'phone':
    case 'info': {
      const Step = { emailCode: EmailCode, phone: PhoneStep, info: InfoStep }[screen];
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
          <h3>{intl.formatMessage(f.doneHeading)}</h3>
          <Notice tone="success" live>
            <p>{intl.formatMessage(f.doneBody)}</p>
          </Notice>
          <ButtonGroup>
            <RouteLink to="/{-$lang}/profile/association">{intl.formatMessage(f.toAssociation)}</RouteLink>
            <Button variant="secondary" onClick={onClose}>
              {intl.formatMessage(m.close)}
            </Button>
          </ButtonGroup>
        </>
      );
  }
}

/**
 * The full-member upgrade as a dialog (SPEC §2 Upgrade popups: welcome, email, code, phone, user
 * info, finish): the step of how many, each step's form, and the finish. Closing it keeps the
 * progress on the server; `onClose` leaves.
 */
export function FullMemberUpgradeView({ actor, onClose = () => {} }: { actor: UpgradeActor; onClose?: () => void }) {
  const intl = useIntl();
  const lang = useLanguage();
  const prefetchSteps = useCallback(() => Promise.allSettled([loadSteps(), loadStepMessages(lang)]), [lang]);
  usePrefetchOnFirstInteraction(prefetchSteps);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={intl.formatMessage(f.title)}>
      <StepHeader actor={actor} />
      <Body actor={actor} onClose={onClose} />
    </Dialog>
  );
}
