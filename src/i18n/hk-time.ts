import type { IntlShape } from 'react-intl';
import { defineMessages } from './define-messages.ts';

/**
 * Every time a screen shows is Hong Kong time, labelled as such (issue 13): the portal's users
 * and its emails are in Hong Kong, and a browser set to another zone must not show another hour
 * than the email about the same code or hold.
 */
export const HK_TIME_ZONE = 'Asia/Hong_Kong';

const messages = defineMessages({
  hongKongTime: { id: 'app.hongKongTime', defaultMessage: '{time} (Hong Kong time)', description: 'A date and time with its zone; {time} is the date and time in Hong Kong.' },
});

/** A date and time in Hong Kong, with its zone named: "26 Nov 2026, 10:30 (Hong Kong time)". Empty for null. */
export function hkDateTime(intl: IntlShape, iso: string | null | undefined, timeStyle: 'short' | 'medium' = 'short'): string {
  if (!iso) return '';
  return intl.formatMessage(messages.hongKongTime, { time: hkTime(intl, iso, timeStyle) });
}

/**
 * A date and time in Hong Kong without the zone's label, for messages that name the zone in their
 * own words ("held until {time} (Hong Kong time)"). Empty for null. Every time a view shows goes
 * through this file: `hkDateTime`, `hkTime` or `hkDate`, never `formatDate` with a zone inline.
 */
export function hkTime(intl: IntlShape, iso: string | null | undefined, timeStyle: 'short' | 'medium' = 'short'): string {
  if (!iso) return '';
  return intl.formatDate(iso, { dateStyle: 'medium', timeStyle, timeZone: HK_TIME_ZONE });
}

/** A date alone, as the day it is in Hong Kong. */
export function hkDate(intl: IntlShape, iso: string): string {
  return intl.formatDate(iso, { dateStyle: 'medium', timeZone: HK_TIME_ZONE });
}
