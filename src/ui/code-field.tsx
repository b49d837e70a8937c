import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { defineMessages } from '../i18n/define-messages.ts';
import { TextInput } from './text-input.tsx';

/**
 * The one six-digit code entry (GOV.UK "Confirm a phone number / security code" pattern): a single
 * text input, not six boxes; `inputmode="numeric"` (not `type="number"`) so a leading zero stays
 * and no spinner appears; `autocomplete="one-time-code"` so the phone offers the code it received;
 * a `pattern` for the numeric keypad on iOS; no `maxlength`, so a pasted "123 456" is not cut
 * before it is cleaned. What is typed or pasted is cleaned at once: spaces, dashes and dots go,
 * full-width digits (a Chinese input method) become ASCII. The error is linked to the input by
 * the Field (aria-describedby) and to the error summary by `id`.
 * Its messages (ids `codeField.`) download with the flows that show it (message-groups.json).
 */

export const codeFieldMessages = defineMessages({
  label: { id: 'codeField.label', defaultMessage: 'Verification code', description: 'Label of a six-digit verification code field.' },
  hint: { id: 'codeField.hint', defaultMessage: 'The code is 6 digits.', description: 'Hint under a six-digit verification code field (GOV.UK security code pattern).' },
  hintThenMore: {
    id: 'hint.thenMore',
    defaultMessage: '{hint} {more}',
    description: 'Two hint sentences in a row under a code field ({hint} what the code is, {more} the countdown). English puts a space between sentences; Chinese puts none after 。 (docs/glossary.md).',
  },
});

/** The code as the user meant it: separators dropped, full-width digits made ASCII. */
export function cleanCode(value: string): string {
  return value.replace(/[\uFF10-\uFF19]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xff10 + 48)).replace(/[\s\-.\u2010-\u2015\u3000]/g, '');
}

export interface CodeFieldProps {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | null | undefined;
  /** The label; "Verification code" when left out. */
  label?: ReactNode;
  /** What the code is; "The code is 6 digits." when left out. */
  hint?: ReactNode;
  /** Said after "The code is 6 digits." (a countdown, where the code was sent). */
  extraHint?: ReactNode;
  disabled?: boolean;
}

export function CodeField({ id, value, onValueChange, error, label, hint, extraHint, disabled }: CodeFieldProps) {
  const intl = useIntl();
  const first = hint ?? intl.formatMessage(codeFieldMessages.hint);
  // Sentences are joined as the language joins them: no half-width space between Chinese ones.
  const fullHint = extraHint ? <>{intl.formatMessage(codeFieldMessages.hintThenMore, { hint: first, more: extraHint })}</> : first;
  return (
    <TextInput
      id={id}
      label={label ?? intl.formatMessage(codeFieldMessages.label)}
      hint={fullHint}
      error={error}
      value={value}
      onValueChange={(typed) => onValueChange(cleanCode(typed))}
      inputMode="numeric"
      pattern="[0-9]*"
      autoComplete="one-time-code"
      spellCheck={false}
      autoCapitalize="off"
      disabled={disabled}
      width={10}
    />
  );
}
