import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import type { Language } from '../../contract/index.ts';
import { mailMessages } from './messages.ts';

/** Emails tell times in Hong Kong time, where the platform's people are, and say so in words. */
export const EMAIL_TIME_ZONE = 'Asia/Hong_Kong';

/** Intl locales of the emails: Hong Kong conventions for Traditional Chinese and English. */
export const EMAIL_LOCALES: Record<Language, string> = { zh_hant: 'zh-Hant-HK', en: 'en-HK', zh_hans: 'zh-Hans-CN' };

/** `{when, date, hk}` in a message: a long date and a short time, in EMAIL_TIME_ZONE. */
const FORMATS = { date: { hk: { dateStyle: 'long', timeStyle: 'short' } } } as const;

/** The ids of every email message (server/mail/messages.ts). */
export const MAIL_MESSAGE_IDS: readonly string[] = Object.values(mailMessages).map((message) => message.id);

/** The locale files, read when the first email in that language is composed. */
const LOCALE_FILES: Record<Language, () => Promise<{ default: Record<string, string> }>> = {
  zh_hant: () => import('../../locales/zh_hant.json', { with: { type: 'json' } }),
  en: () => import('../../locales/en.json', { with: { type: 'json' } }),
  zh_hans: () => import('../../locales/zh_hans.json', { with: { type: 'json' } }),
};

const cache = createIntlCache();
const intls = new Map<Language, Promise<EmailIntl>>();

type MessageSource = (language: Language) => Promise<Record<string, string>>;

let messageSource: MessageSource = async (language) => (await LOCALE_FILES[language]()).default;

/**
 * Where the locale files come from, for Storybook: a browser cannot import JSON with import
 * attributes through Vite's dev server, so the email stories hand over Vite's own loaders.
 */
export function setEmailMessageSource(source: MessageSource): void {
  messageSource = source;
  intls.clear();
}

/** Only the emails' messages of a locale file (the screens' are none of the server's business). */
export function pickMailMessages(all: Record<string, string>): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const id of MAIL_MESSAGE_IDS) {
    const text = all[id];
    if (typeof text === 'string') picked[id] = text;
  }
  return picked;
}

export type EmailIntl = IntlShape<string>;


/**
 * The formatter of one language's emails. A message missing from the locale file (which
 * `npm run check:messages` and test/server/emails refuse) falls back to its English source and is
 * reported; it never throws while a change is being committed.
 */
export function emailIntl(language: Language): Promise<EmailIntl> {
  let intl = intls.get(language);
  if (!intl) {
    intl = messageSource(language).then((all) =>
      createIntl(
        {
          locale: EMAIL_LOCALES[language],
          messages: pickMailMessages(all),
          timeZone: EMAIL_TIME_ZONE,
          formats: FORMATS,
          onError: (error) => console.error(`email messages (${language}): ${error.message}`),
        },
        cache,
      ),
    );
    intls.set(language, intl);
  }
  return intl;
}
