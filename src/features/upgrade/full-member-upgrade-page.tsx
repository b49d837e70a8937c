import { useNavigate } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useCallback } from 'react';
import type { SnapshotFrom } from 'xstate';
import { mobileVerificationMachine } from '../../../machines/mobile-verification/index.ts';
import { fullMemberUpgradeMachine } from '../../../machines/upgrade/full-member-upgrade.machine.ts';
import { fullUpgradeActors } from '../../api/upgrade.ts';
import { verificationActors } from '../../api/verification.ts';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { useAppActors } from '../../shell/app-context.tsx';
import { usePrefetchOnFirstInteraction } from '../../ui/prefetch-on-first-interaction.ts';
import { loadPhoneRules, withMobileNumberCheck } from '../mobile-verification/index.ts';
import { FullMemberUpgradeView } from './full-member-upgrade-view.tsx';

/** The phone step is the mobile verification page's own machine, with its calls and number rule. */
const liveMachine = fullMemberUpgradeMachine.provide({
  actors: {
    ...fullUpgradeActors,
    mobileVerification: withMobileNumberCheck(mobileVerificationMachine.provide({ actors: { sendCode: verificationActors.sendCode, verifyCode: verificationActors.verifyCode } })),
  },
});

/**
 * Starts the upgrade (it reads the server's progress first, so a reload or a reopened dialog
 * resumes at the step reached). When it is done, the session takes the upgraded user at once.
 */
export function FullMemberUpgradePage() {
  const { session } = useAppActors();
  const navigate = useNavigate();
  const lang = useLanguage();
  usePrefetchOnFirstInteraction(loadPhoneRules);
  const onSnapshot = useCallback(
    (snapshot: SnapshotFrom<typeof liveMachine>) => {
      if (snapshot.status === 'done' && snapshot.output) session.send({ type: 'session.signedIn', user: snapshot.output });
    },
    [session],
  );
  const actor = useActorRef(liveMachine, { input: { lang } }, onSnapshot);
  const close = () => void navigate({ to: '/{-$lang}/profile', params: { lang } });
  return <FullMemberUpgradeView actor={actor} onClose={close} />;
}
