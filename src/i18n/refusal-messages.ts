import { useMemo } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { AnyMachineSnapshot } from 'xstate';
import { useSettings } from '../shell/app-context.tsx';
import { appMessages } from './app-messages.ts';
import { errorMessage, type ShownErrorCode } from './error-messages.ts';
import { FIELD_ANY_MESSAGES } from './field-messages.ts';
import { hkRetry } from './hk-time.ts';
import { useLanguage } from './i18n-provider.tsx';
import { BY_DEFAULTS, loadLateGroup, useLateGroup, withLateMessages } from './late-groups.ts';

/** A form's own wording for some codes, where it says more than the catalogue's `error.<code>`. */
export type RefusalWording = Partial<Record<ShownErrorCode, MessageDescriptor>>;

/**
 * What every form says for a code whatever the catalogue says: a refused reCAPTCHA reads as the
 * widget's own field message, repeated at the widget.
 */
const FORM_WORDING: RefusalWording = {
  recaptchaFailed: FIELD_ANY_MESSAGES.recaptcha,
};

/**
 * The one lookup from a refusal code to its message: the form's own wording, then the wording
 * every form shares, then the catalogue's `error.<code>` (contract/errors.ts `ERROR_MESSAGES`, through
 * src/i18n/error-messages.ts).
 */
export function refusalMessage(code: ShownErrorCode, wording: RefusalWording = {}): MessageDescriptor {
  return wording[code] ?? FORM_WORDING[code] ?? errorMessage(code);
}

/**
 * The text of a refusal code, with the support address and when to try again (`holdUntil`,
 * src/i18n/hk-time.ts `hkRetry`) filled in. The catalogue's texts are the late group `refusals`
 * (late-groups.ts): it downloads on the page's first gesture, and at once if a code is shown
 * before it is here, which then reads `app.refusalPending` until it arrives.
 */
export function useRefusalText(wording?: RefusalWording): (code: ShownErrorCode, extras?: { holdUntil?: string | null }) => string {
  const pageIntl = useIntl();
  const lang = useLanguage();
  const refusals = useLateGroup('refusals', lang, false);
  const intl = useMemo(() => withLateMessages(pageIntl, refusals), [pageIntl, refusals]);
  const settings = useSettings();
  return (code, extras = {}) => {
    let descriptor = refusalMessage(code, wording);
    if (!BY_DEFAULTS && typeof descriptor.id === 'string' && !Object.hasOwn(intl.messages, descriptor.id)) {
      if (refusals === null) {
        loadLateGroup(lang, 'refusals');
        return intl.formatMessage(appMessages.refusalPending);
      }
      // Not among the refusals either (test/unit/message-groups.test.ts keeps every code's text there or in core).
      descriptor = errorMessage('unknown');
    }
    return intl.formatMessage(descriptor, {
      supportEmail: settings?.supportEmail ?? intl.formatMessage(appMessages.supportTeam),
      retry: hkRetry(intl, extras.holdUntil),
    });
  };
}

/**
 * The refusal a form machine shows now: the code it kept in `errorCode` while in one of its
 * `editing` refusal states (any but `idle` and `invalid`, whose problems are per field).
 */
export function formRefusal(snapshot: AnyMachineSnapshot): ShownErrorCode | null {
  if (!snapshot.matches('editing') || snapshot.matches({ editing: 'idle' }) || snapshot.matches({ editing: 'invalid' })) return null;
  return (snapshot.context as { errorCode: ShownErrorCode | null }).errorCode;
}

/** The code a refusal state declares (`refusedAs` in machines/form.ts), if one is active. */
export function stateRefusal(snapshot: AnyMachineSnapshot): ShownErrorCode | null {
  for (const meta of Object.values(snapshot.getMeta() as Record<string, { refusal?: ShownErrorCode } | undefined>)) {
    if (meta?.refusal) return meta.refusal;
  }
  return null;
}
