import * as v from 'valibot';
import { CODE_LENGTH, EMAIL_MAX, PASSWORD_MAX, TEXT_MAX } from '../constants.ts';
import { LANGUAGES } from '../languages.ts';

export const requiredText = (max: number) =>
  v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.maxLength(max, 'maxLength'));

export const EmailSchema = v.pipe(
  v.string('required'),
  v.trim(),
  v.nonEmpty('required'),
  v.maxLength(EMAIL_MAX, 'maxLength'),
  v.email('format'),
  v.toLowerCase(),
);

/** Passwords are never trimmed: spaces are characters. */
export const PasswordSchema = v.pipe(v.string('required'), v.nonEmpty('required'), v.maxLength(PASSWORD_MAX, 'maxLength'));

/** Tokens of emailed links; their shape is judged by the domain (code `wrongUrl`). */
export const LinkTokenSchema = v.pipe(v.string('required'), v.nonEmpty('required'), v.maxLength(200, 'maxLength'));

export const RecaptchaSchema = v.pipe(v.string('recaptcha'), v.nonEmpty('recaptcha'), v.maxLength(TEXT_MAX * 4, 'recaptcha'));

export const LanguageSchema = v.picklist(LANGUAGES, 'format');

/** The six digits of a code sent by email or SMS, or of a family's joining code (rule `sixDigits`). */
export const CodeSchema = v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), 'sixDigits'));

/** New password plus its confirmation; the confirmation must match (rule `sameAs`). */
export const newPasswordEntries = {
  newPassword: PasswordSchema,
  confirmNewPassword: PasswordSchema,
};

export function confirmMatches<T extends { newPassword: string; confirmNewPassword: string }>() {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (dataset.typed && dataset.value.newPassword !== dataset.value.confirmNewPassword) {
      addIssue({
        message: 'sameAs',
        path: [
          {
            type: 'object',
            origin: 'value',
            input: dataset.value as Record<string, unknown>,
            key: 'confirmNewPassword',
            value: dataset.value.confirmNewPassword,
          },
        ],
      });
    }
  });
}

/** `field` must equal `other` (a confirmation field): the issue `sameAs` on `field`. */
export function sameAsCheck<T extends Record<string, unknown>>(field: keyof T & string, other: keyof T & string) {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (dataset.typed && dataset.value[field] !== dataset.value[other]) {
      addIssue({
        message: 'sameAs',
        path: [
          {
            type: 'object',
            origin: 'value',
            input: dataset.value as Record<string, unknown>,
            key: field,
            value: dataset.value[field],
          },
        ],
      });
    }
  });
}
