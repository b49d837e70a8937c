import type { IntlShape } from 'react-intl';
import { hkDateTime } from '../../i18n/hk-time.ts';

/** A date and time for codes, holds and requests: Hong Kong time, labelled, as the emails say it (issue 13). */
export function dateTime(intl: IntlShape, iso: string | null): string {
  return hkDateTime(intl, iso);
}
