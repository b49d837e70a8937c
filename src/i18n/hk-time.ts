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
  retryAfter: {
    id: 'app.retryAfter',
    defaultMessage: 'after {time} (Hong Kong time)',
    description: 'When something may be tried again, put into sentences such as "Please try again {retry}."; {time} is a date and time in Hong Kong.',
  },
  retryInSeconds: {
    id: 'app.retryInSeconds',
    defaultMessage: 'in {seconds, plural, one {# second} other {# seconds}}',
    description: 'When something may be tried again, less than a minute from now, put into sentences such as "Please try again {retry}."',
  },
  retryLater: {
    id: 'app.retryLater',
    defaultMessage: 'in a little while',
    description: 'When something may be tried again, where the server did not say when; put into sentences such as "Please try again {retry}."',
  },
});

/** A date and time in Hong Kong, with its zone named: "26 Nov 2026, 10:30 (Hong Kong time)". Empty for null. */
export function hkDateTime(intl: IntlShape, iso: string | null | undefined, timeStyle: 'short' | 'medium' = 'short'): string {
  if (!iso) return '';
  return intl.formatMessage(messages.hongKongTime, { time: hkTime(intl, iso, timeStyle) });
}

/**
 * A date and time in Hong Kong without the zone's label, for messages that name the zone in their
 * own words ("held until {time} (Hong Kong time)"). Empty for null. Every time a view shows goes
 * through this file: `hkDateTime`, `hkTime`, `hkDate` or `hkRetry`, never `formatDate` with a zone
 * inline. A time shown without seconds is cut to its minute, which is right for an end ("works
 * until"); a time after which something may be tried again goes through `hkRetry`, which rounds up.
 */
export function hkTime(intl: IntlShape, iso: string | null | undefined, timeStyle: 'short' | 'medium' = 'short'): string {
  if (!iso) return '';
  return intl.formatDate(iso, { dateStyle: 'medium', timeStyle, timeZone: HK_TIME_ZONE });
}

/** A date alone, as the day it is in Hong Kong. */
export function hkDate(intl: IntlShape, iso: string): string {
  return intl.formatDate(iso, { dateStyle: 'medium', timeZone: HK_TIME_ZONE });
}

const MINUTE = 60_000;

/** The first whole minute at or after `ms`: a wait shown in minutes never ends before the hold does. */
export function ceilToMinute(ms: number): number {
  return Math.ceil(ms / MINUTE) * MINUTE;
}

/**
 * When something held (`holdUntil`: a hold, a throttle, a discovery refusal) may be tried again,
 * as the phrase sentences put in their `{retry}`: "in 40 seconds" for a wait under a minute, else
 * "after 15 Jan 2026, 9:01 pm (Hong Kong time)", rounded up to the next whole minute so that the
 * time shown is never before the hold ends (issue 26: "try again after 1:48:40 PM" said at
 * 1:48:41). The wait is measured on this browser's clock (`now`); when that clock says the time
 * has passed already (a slow or skewed clock), the server's time is shown, rounded up, rather
 * than a wait of zero. Computed once when the refusal is shown, not counted down: the text sits
 * in an alert, which a screen reader would read again at every tick. Without a time (none was
 * answered): "in a little while", so the sentence still reads.
 */
export function hkRetry(intl: IntlShape, iso: string | null | undefined, now: number = Date.now()): string {
  const until = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(until)) return intl.formatMessage(messages.retryLater);
  const seconds = Math.ceil((until - now) / 1000);
  if (seconds > 0 && seconds < 60) return intl.formatMessage(messages.retryInSeconds, { seconds });
  return intl.formatMessage(messages.retryAfter, { time: hkTime(intl, new Date(ceilToMinute(until)).toISOString()) });
}
