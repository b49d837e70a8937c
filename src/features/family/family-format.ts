import type { IntlShape } from 'react-intl';

/** A date and time in the page's language, for codes, holds and requests. */
export function dateTime(intl: IntlShape, iso: string | null): string {
  return iso ? intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' }) : '';
}
