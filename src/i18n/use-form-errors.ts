import { useMemo } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { FieldIssue } from '../../contract/errors.ts';
import type { ShownErrorCode } from './error-messages.ts';
import { formatFieldIssue, type FieldWording } from './field-messages.ts';
import { useRefusalText } from './refusal-messages.ts';
import { useLanguage } from './i18n-provider.tsx';
import { useLateGroup, withLateMessages } from './late-groups.ts';

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
/** react-intl with the field sentences once here (late-groups.ts: `now` when the form shows problems). */
export function useFieldSentenceIntl(now: boolean): IntlShape {
  const pageIntl = useIntl();
  const sentences = useLateGroup('fieldSentences', useLanguage(), now);
  return useMemo(() => withLateMessages(pageIntl, sentences), [pageIntl, sentences]);
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
