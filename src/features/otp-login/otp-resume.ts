import * as v from 'valibot';
import { EMAIL_MAX } from '../../../contract/constants.ts';

/**
 * What the OTP login page keeps in this tab's sessionStorage while a code is being typed: the
 * login and the sent code's times, never the code (docs/decisions/otp-login.md). A reload of the
 * code screen reads it back and sends `code.resume`; the tab closed, it is gone.
 */
const STORAGE_KEY = 'otpLogin.sent';

const SentCodeSchema = v.object({
  loginId: v.pipe(v.string(), v.nonEmpty(), v.maxLength(EMAIL_MAX)),
  expiresAt: v.pipe(v.string(), v.isoTimestamp()),
  resendAt: v.pipe(v.string(), v.isoTimestamp()),
});
export type SentCode = v.InferOutput<typeof SentCodeSchema>;

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    // Storage refused (a privacy setting): the page works, only a reload forgets.
    return null;
  }
}

/** The code being typed in this tab before the reload, if any and readable. */
export function readSentCode(): SentCode | null {
  try {
    const text = storage()?.getItem(STORAGE_KEY);
    if (!text) return null;
    const parsed = v.safeParse(SentCodeSchema, JSON.parse(text));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/** Keeps the code being typed (`null`: forgets it, once signed in or back at the login). */
export function keepSentCode(sent: SentCode | null): void {
  try {
    if (sent) storage()?.setItem(STORAGE_KEY, JSON.stringify(sent));
    else storage()?.removeItem(STORAGE_KEY);
  } catch {
    // Storage full or refused: nothing to resume after a reload, the form asks again.
  }
}
