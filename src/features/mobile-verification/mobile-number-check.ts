import { assign } from 'xstate';
import type { FieldIssue } from '../../../contract/errors.ts';
import { MobileSendCodeRequestSchema } from '../../../contract/schemas/verification.ts';
import { validate } from '../../../machines/form.ts';
import type { mobileVerificationMachine, MobileVerificationContext } from '../../../machines/mobile-verification/mobile-verification.machine.ts';
import { mightBeMobile } from './phone.ts';

/*
 * Apart from the page and its view: the full-member upgrade starts the mobile verification's
 * machine with this rule when it opens, but shows the view only at its phone step, so the view
 * (with its calling-code table) downloads with the steps, not with the upgrade's first screen.
 */

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
