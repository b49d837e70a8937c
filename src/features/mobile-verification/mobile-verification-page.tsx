import { useActorRef } from '@xstate/react';
import { assign } from 'xstate';
import type { FieldIssue } from '../../../contract/errors.ts';
import { MobileSendCodeRequestSchema, type MobileState } from '../../../contract/schemas/profile.ts';
import { validate } from '../../../machines/form.ts';
import { mobileVerificationMachine, type MobileVerificationContext } from '../../../machines/mobile-verification/mobile-verification.machine.ts';
import { verificationActors } from '../../api/verification.ts';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { usePrefetchOnFirstInteraction } from '../../ui/prefetch-on-first-interaction.ts';
import { loadPhoneRules, mightBeMobile } from './phone.ts';
import { MobileVerificationView } from './mobile-verification-view.tsx';

/**
 * The schema's issues, then (once the digits are plausible) whether libphonenumber-js's mobile
 * metadata knows the number as a mobile of that calling code: `format` on `mobile`, which the view
 * shows as the catalogue's `mobileNotMobile`. The server checks the same again.
 */
function numberIssues(context: MobileVerificationContext): FieldIssue[] {
  const issues = validate(MobileSendCodeRequestSchema, { ...context.values, lang: context.lang });
  if (issues.length > 0) return issues;
  return mightBeMobile(context.values.countryCode.trim(), context.values.mobile.trim()) ? [] : [{ field: 'mobile', rule: 'format' }];
}

/** The machine's number check with the mobile-number rule added (also used by the component tests). */
export function withMobileNumberCheck(machine: typeof mobileVerificationMachine): typeof mobileVerificationMachine {
  return machine.provide({
    guards: { isFormInvalid: ({ context }) => numberIssues(context).length > 0 },
    actions: { assignValidationErrors: assign({ fieldErrors: ({ context }) => numberIssues(context) }) },
  });
}

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
