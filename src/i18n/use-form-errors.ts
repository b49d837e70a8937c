import { useMemo } from 'react';
import { createIntl, useIntl, type IntlShape } from 'react-intl';
import type { FieldIssue } from '../../contract/errors.ts';
import type { ShownErrorCode } from './error-messages.ts';
import { formatFieldIssue, type FieldWording } from './field-messages.ts';
import { useRefusalText } from './refusal-messages.ts';
import { useFieldSentences } from './field-sentences.ts';
import { useLanguage } from './i18n-provider.tsx';
import type { Messages } from './messages.ts';

/** The page's messages with the field sentences added, once they are downloaded (field-sentences.ts). */
function withSentences(intl: IntlShape, sentences: Messages | null): IntlShape {
  if (!sentences || sentences === intl.messages) return intl;
  return createIntl({ locale: intl.locale, defaultLocale: intl.defaultLocale, messages: { ...intl.messages, ...sentences } as Record<string, string> });
}

export interface FieldErrors {
  /** One summary item per field in error, linked to the control whose id is the field name. */
  summary: Array<{ fieldId: string; text: string }>;
  /** The message to repeat at a field, or null. */
  errorFor: (field: string) => string | null;
}

/**
 * Turns the machine's `fieldErrors` into texts: each (field, rule) has its own sentence
 * (`FIELD_MESSAGES`); `wording` gives a form's own sentence where the shared one does not fit
 * (e.g. `loginId.required` reads "Enter your login ID or login email" where both are accepted).
 */
/** react-intl with the field sentences once here (`useFieldSentences`: `now` when the form shows problems). */
export function useFieldSentenceIntl(now: boolean): IntlShape {
  const pageIntl = useIntl();
  const sentences = useFieldSentences(useLanguage(), now);
  return useMemo(() => withSentences(pageIntl, sentences), [pageIntl, sentences]);
}

export function useFieldErrors(issues: readonly FieldIssue[], wording?: FieldWording): FieldErrors {
  const intl = useFieldSentenceIntl(issues.length > 0);
  return useMemo(() => {
    const byField = new Map<string, string>();
    for (const issue of issues) {
      if (!byField.has(issue.field)) byField.set(issue.field, formatFieldIssue(intl, issue, wording));
    }
    return {
      summary: [...byField].map(([fieldId, text]) => ({ fieldId, text })),
      errorFor: (field: string) => byField.get(field) ?? null,
    };
  }, [intl, issues, wording]);
}

/** The text of a catalogue code, with the support address and hold time filled in (the one lookup). */
export function useErrorText(): (code: ShownErrorCode, extras?: { holdUntil?: string | null }) => string {
  return useRefusalText();
}
