import { refusalText } from '../support/refusals.ts';
import type { Evidence, Gesture } from '../support/view-model.ts';
import { SAMPLE_HOLD_TIME, TOO_MANY_REQUESTS } from '../support/hold-time.ts';

/*
 * What users see of an upgrade wizard's frame (src/features/upgrade/wizard-frame.tsx) and of the
 * email-code step both upgrades show, and how they act on it, for the upgrades' view models
 * (docs/decisions/wizard.md). A wizard's model spreads `frame.evidence` and `frame.emailCode(k)`
 * (k: the number of its email step) into its evidence and `wizardActs` into its acts, and adds its
 * own steps with `frame.dialog`, `frame.step(k)`, `DURATION`, `KEPT` and `FAILED`.
 */

export const FAILED = { alert: 'Something went wrong, try again later.' } as const;
export const DURATION = { text: 'It takes about 5 minutes. You can close this window and carry on later.' } as const;
export const KEPT = { text: 'Your progress is kept until {time} (Hong Kong time).' } as const;
export const EMAIL = 'Personal email';
export const CODE = 'Verification code';

/**
 * "Step k of n": the numbers are arguments of the message, so the text matches any; each state's
 * step is checked by the model tests of the wizard's steps (`FULL_UPGRADE.of`, `STUDENT_UPGRADE.of`).
 */
export const step = (_k: number) => ({ text: 'Step {step} of {total}' }) as const;

/** The frame's evidence in the dialog titled `title`. */
export function wizardFrame(title: string) {
  const dialog = { dialog: title } as const;
  const evidence: Record<string, Evidence> = {
    loading: [dialog, { busy: 'Loading your upgrade…' }],
    loadFailed: [dialog, { text: 'Something went wrong, try again later.' }, { button: 'Try again' }],
    notEligible: [dialog, { text: refusalText('upgradeNotEligible') }],
    lapsed: [dialog, { text: refusalText('upgradeStepMissing') }, { button: 'Start again' }],
  };
  /** The email step (step k) and the code step (k + 1), from machines/upgrade/email-code-step.ts. */
  const emailCode = (k: number): Record<string, Evidence> => ({
    email: [dialog, step(k), { heading: 'Your personal email' }, { button: 'Send the code' }, KEPT],
    'email.idle': [{ absent: 'There is a problem' }],
    'email.invalid': [{ alert: 'There is a problem' }, { invalid: EMAIL }],
    'email.taken': [{ field: EMAIL, error: refusalText('loginEmailTaken') }],
    'email.tooSoon': [{ alert: refusalText('codeResendTooSoon') }],
    'email.sendLimit': [{ alert: refusalText('upgradeSendLimit') }],
    'email.tooManyRequests': [{ alert: TOO_MANY_REQUESTS }, { alert: SAMPLE_HOLD_TIME }],
    'email.failed': [FAILED],
    sendingCode: [dialog, step(k), { busy: 'Sending…' }],
    code: [dialog, step(k + 1), { heading: 'Enter the code' }, { text: 'We emailed a six-digit code to {email}.' }, { button: 'Change the email' }],
    'code.resend.locked': [{ text: 'You can ask for a new code in {time}.' }, { absent: 'Send a new code' }],
    'code.resend.available': [{ button: 'Send a new code' }],
    'code.entry.editing': [{ button: 'Verify' }, { text: 'The code is 6 digits.' }],
    'code.entry.editing.idle': [{ absent: 'There is a problem' }],
    'code.entry.editing.invalid': [{ alert: 'There is a problem' }, { invalid: CODE }],
    'code.entry.editing.wrong': [{ field: CODE, error: refusalText('codeWrong') }],
    'code.entry.editing.notFound': [{ field: CODE, error: refusalText('codeNotFound') }],
    'code.entry.editing.failed': [{ field: CODE, error: 'Something went wrong, try again later.' }],
    'code.entry.verifying': [{ busy: 'Checking…' }],
    codeExpired: [dialog, step(k + 1), { heading: 'The code has expired' }, { text: 'Ask for a new code, or change the email.' }, { button: 'Send a new code' }],
    held: [dialog, step(k), { heading: 'Codes are on hold' }, { text: refusalText('held') }],
  });
  return { dialog, evidence, emailCode };
}

interface Matching {
  matches(state: never): boolean;
}

/** Typing the email or the code. */
export function emailCodeChange(event: { field: 'email' | 'code'; value: string }): readonly Gesture[] {
  return [{ fill: event.field === 'email' ? EMAIL : CODE, value: event.value }];
}

/** The submit button of the email or the code step; null at another step. */
export function emailCodeSubmit(before: Matching): readonly Gesture[] | null {
  if (before.matches('email' as never)) return [{ click: 'Send the code' }];
  if (before.matches('code' as never)) return [{ click: 'Verify' }];
  return null;
}

/** The gestures of the frame's events and of the email-code step's own. */
export const wizardActs = {
  'upgrade.start': () => [{ click: 'Start' }],
  'code.resend': () => [{ click: 'Send a new code' }],
  'email.edit': () => [{ click: 'Change the email' }],
  retry: (_event: unknown, before: Matching) => [{ click: before.matches('lapsed' as never) ? 'Start again' : 'Try again' }],
} as const;
