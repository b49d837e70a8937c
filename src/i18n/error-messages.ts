import { type MessageDescriptor } from 'react-intl';
import { defineMessages } from './define-messages.ts';
import { ERROR_MESSAGES, type ErrorCode } from '../../contract/errors.ts';

export type ShownErrorCode = ErrorCode | 'network' | 'unknown';

/** The client's own codes: no answer (`network`), or one it could not read (`unknown`). */
const clientMessages = defineMessages({
  network: { id: 'error.network', defaultMessage: 'We could not reach the server. Please check your connection and try again.', description: 'Error: the request got no answer (offline, timeout).' },
  unknown: { id: 'error.unknown', defaultMessage: 'Something went wrong. Please reload the page; if it happens again, email {supportEmail}.', description: 'Error: an unexpected problem; {supportEmail} is the support address.' },
});

/**
 * One message per catalogue code (`error.<code>`, made from contract/errors.ts `ERROR_MESSAGES`,
 * the one place a code's English text is written), plus the client's own `network` and `unknown`.
 */
export function errorMessages(): Record<ShownErrorCode, MessageDescriptor> {
  const catalogue = Object.entries(ERROR_MESSAGES).map(([code, { en, description }]) => [code, { id: `error.${code}`, defaultMessage: en, description }]);
  return { ...Object.fromEntries(catalogue), ...clientMessages } as Record<ShownErrorCode, MessageDescriptor>;
}

let withDefaults: Record<ShownErrorCode, MessageDescriptor> | undefined;

/**
 * A code's message descriptor. Production builds show the locales' texts only: there the
 * descriptor is the id made from the code, so the English texts (contract/errors.ts
 * `ERROR_MESSAGES`, several KiB) stay out of the bundle; development and tests use the
 * descriptors with their default messages.
 */
export function errorMessage(code: ShownErrorCode): MessageDescriptor {
  if (import.meta.env?.DEV === true || import.meta.env?.MODE === 'test') return (withDefaults ??= errorMessages())[code];
  return { id: `error.${code}` };
}
