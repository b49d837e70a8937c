import { mobileVerificationMachine } from '../../../machines/mobile-verification/index.ts';
import { fullMemberUpgradeMachine } from '../../../machines/upgrade/full-member-upgrade.machine.ts';
import { fullUpgradeActors } from '../../api/upgrade.ts';
import { verificationActors } from '../../api/verification.ts';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { usePrefetchOnFirstInteraction } from '../../ui/prefetch-on-first-interaction.ts';
import { loadPhoneRules, withMobileNumberCheck } from '../mobile-verification/index.ts';
import { FullMemberUpgradeView } from './full-member-upgrade-view.tsx';
import { useWizardPage } from './wizard-page.ts';

/** The phone step is the mobile verification page's own machine, with its calls and number rule. */
const liveMachine = fullMemberUpgradeMachine.provide({
  actors: {
    ...fullUpgradeActors,
    mobileVerification: withMobileNumberCheck(mobileVerificationMachine.provide({ actors: { sendCode: verificationActors.sendCode, verifyCode: verificationActors.verifyCode } })),
  },
});

/** The upgrade, resumed where the server's progress is; the phone step's number rule downloads on the first press. */
export function FullMemberUpgradePage() {
  const lang = useLanguage();
  usePrefetchOnFirstInteraction(loadPhoneRules);
  const { actor, close } = useWizardPage(liveMachine, { lang });
  return <FullMemberUpgradeView actor={actor} onClose={close} />;
}
