import { useActorRef } from '@xstate/react';
import type { MobileState } from '../../../contract/schemas/profile.ts';
import { mobileVerificationMachine } from '../../../machines/mobile-verification/mobile-verification.machine.ts';
import { verificationActors } from '../../api/verification.ts';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { usePrefetchOnFirstInteraction } from '../../ui/prefetch-on-first-interaction.ts';
import { withMobileNumberCheck } from './mobile-number-check.ts';
import { loadPhoneRules } from './phone.ts';
import { MobileVerificationView } from './mobile-verification-view.tsx';

const liveMachine = withMobileNumberCheck(
  mobileVerificationMachine.provide({ actors: { sendCode: verificationActors.sendCode, verifyCode: verificationActors.verifyCode } }),
);

/** Starts the verification with the profile's number filled in (the SMS in the page's language). */
export function MobileVerificationPage({ current }: { current: MobileState | null }) {
  const lang = useLanguage();
  usePrefetchOnFirstInteraction(loadPhoneRules);
  const actor = useActorRef(liveMachine, { input: { lang, countryCode: current?.countryCode, mobile: current?.verified ? '' : current?.mobile } });
  return <MobileVerificationView actor={actor} current={current} />;
}
