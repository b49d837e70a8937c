import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { FULL_UPGRADE, type fullMemberUpgradeMachine } from '../../../machines/upgrade/full-member-upgrade.machine.ts';
import { RouteLink } from '../../shell/route-link.tsx';
import { Button } from '../../ui/button.tsx';
import { chunk } from '../../ui/chunk.ts';
import { Notice } from '../../ui/notice.tsx';
import { loadMobileVerificationView } from '../mobile-verification/index.ts';
import { fullUpgradeMessages as f } from './full-upgrade-messages.ts';
import { upgradeMessages as m } from './upgrade-messages.ts';
import { lazyWizardScreens, WizardDone, WizardFrame } from './wizard-frame.tsx';

type UpgradeActor = ActorRefFrom<typeof fullMemberUpgradeMachine>;

/**
 * The steps' forms, with the mobile verification's view their phone step embeds (so it shows
 * without a second wait), and their messages: the shared upgrade steps' group and the mobile
 * verification's.
 */
const lazyScreens = lazyWizardScreens(
  () => Promise.all([chunk(import('./full-upgrade-steps.tsx')), loadMobileVerificationView()]).then(([module]) => module),
  ['upgrade', 'upgradeSteps', 'mobileVerification'],
);
const EmailCode = lazyScreens.screen('EmailCode');

/** What the upgrade gives, that it takes about 5 minutes, and Start. */
function Welcome({ actor }: { actor: UpgradeActor }) {
  const intl = useIntl();
  const starting = useSelector(actor, (snapshot) => snapshot.matches('starting'));
  const startFailed = useSelector(actor, (snapshot) => snapshot.matches({ welcome: 'failed' }));
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
}

function Done({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const next = <RouteLink to="/{-$lang}/profile/association">{intl.formatMessage(f.toAssociation)}</RouteLink>;
  return <WizardDone heading={intl.formatMessage(f.doneHeading)} body={intl.formatMessage(f.doneBody)} next={next} onClose={onClose} />;
}

const SCREENS = {
  welcome: Welcome,
  email: EmailCode,
  code: EmailCode,
  phone: lazyScreens.screen('PhoneStep'),
  info: lazyScreens.screen('InfoStep'),
  finish: Done,
};

/**
 * The full-member upgrade as a dialog (SPEC §2 Upgrade popups: welcome, email, code, phone, user
 * info, finish): the step of how many, each step's form, and the finish. Closing it keeps the
 * progress on the server; `onClose` leaves.
 */
export function FullMemberUpgradeView({ actor, onClose = () => {} }: { actor: UpgradeActor; onClose?: () => void }) {
  const intl = useIntl();
  return <WizardFrame actor={actor} title={intl.formatMessage(f.title)} steps={FULL_UPGRADE} screens={SCREENS} onClose={onClose} prefetch={lazyScreens.usePrefetch()} />;
}
