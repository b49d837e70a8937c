import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { STUDENT_UPGRADE, type studentMemberUpgradeMachine } from '../../../machines/upgrade/student-member-upgrade.machine.ts';
import { RouteLink } from '../../shell/route-link.tsx';
import { Button } from '../../ui/button.tsx';
import { chunk } from '../../ui/chunk.ts';
import { upgradeMessages as m } from './upgrade-messages.ts';
import { lazyWizardScreens, WizardDone, WizardFrame } from './wizard-frame.tsx';

type UpgradeActor = ActorRefFrom<typeof studentMemberUpgradeMachine>;

/**
 * The steps' forms and their messages (the `upgradeSteps` group, and `association`, which holds
 * the link step's wrongPasswordOrUserNotFound).
 */
const lazyScreens = lazyWizardScreens(() => chunk(import('./student-upgrade-steps.tsx')), ['upgrade', 'upgradeSteps', 'association']);
const EmailCode = lazyScreens.screen('EmailCode');

/** What the upgrade gives and that it takes about 5 minutes. */
function Intro({ actor }: { actor: UpgradeActor }) {
  const intl = useIntl();
  return (
    <>
      <h3>{intl.formatMessage(m.introHeading)}</h3>
      <p>{intl.formatMessage(m.introBody)}</p>
      <Button onClick={() => actor.send({ type: 'upgrade.start' })}>{intl.formatMessage(m.start)}</Button>
    </>
  );
}

function Done({ actor, onClose }: { actor: UpgradeActor; onClose: () => void }) {
  const intl = useIntl();
  const email = useSelector(actor, (snapshot) => snapshot.context.user?.loginEmail ?? '');
  // "link" kept this account's password and linked the member account typed at the last step.
  const member = useSelector(actor, (snapshot) => (snapshot.context.values.mode === 'link' ? snapshot.context.values.loginId : null));
  const body = member === null ? intl.formatMessage(m.doneBody, { email }) : intl.formatMessage(m.doneBodyLinked, { email, member });
  const next = <RouteLink to="/{-$lang}/profile/family">{intl.formatMessage(m.toFamily)}</RouteLink>;
  return <WizardDone heading={intl.formatMessage(m.doneHeading)} body={body} next={next} onClose={onClose} />;
}

const SCREENS = {
  intro: Intro,
  terms: lazyScreens.screen('TermsStep'),
  email: EmailCode,
  code: EmailCode,
  subscribe: lazyScreens.screen('SubscribeStep'),
  link: lazyScreens.screen('LinkStep'),
  finish: Done,
};

/**
 * The student-member upgrade as a dialog (SPEC §2 Upgrade popups): the step of how many, each
 * step's form, and the finish. Closing it keeps the progress on the server; `onClose` leaves.
 */
export function StudentMemberUpgradeView({ actor, onClose = () => {} }: { actor: UpgradeActor; onClose?: () => void }) {
  const intl = useIntl();
  return <WizardFrame actor={actor} title={intl.formatMessage(m.studentTitle)} steps={STUDENT_UPGRADE} screens={SCREENS} onClose={onClose} prefetch={lazyScreens.usePrefetch()} />;
}
