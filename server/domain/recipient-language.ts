import { isLanguage, type Language } from '../../contract/languages.ts';
import type { Db } from '../db/schema.ts';

/**
 * Which language an email is written in (issue 26, docs/decisions/emails.md "The recipient's
 * language"): an email to an account is in that account's language (`users.language`: chosen at
 * registration, then the language of the pages it last used, see `rememberPageLanguage`); an
 * email to an address no account signs in with is in the sender's page language. Links in the
 * email open in the same language.
 */

/** The cookie the browser writes whenever the page's language is chosen (src/i18n/language.ts). */
export const LANGUAGE_COOKIE = 'lang';

/**
 * The language of the account that signs in with this email address (its login email), or
 * `fallback` (the sender's page language) when no account does.
 */
export async function recipientLanguage(db: Db, email: string, fallback: Language): Promise<Language> {
  const row = await db.selectFrom('users').select('language').where('login_email', '=', email.toLowerCase()).executeTakeFirst();
  return row?.language ?? fallback;
}

/**
 * Keeps the account's language the one of the pages it uses: a signed-in request whose `lang`
 * cookie names another language writes it (only then: nothing is written while it stays the same).
 * Returns the account's language now.
 */
export async function rememberPageLanguage(db: Db, account: { id: string; language: Language }, cookie: string | undefined): Promise<Language> {
  if (!isLanguage(cookie) || cookie === account.language) return account.language;
  await db.updateTable('users').set({ language: cookie }).where('id', '=', account.id).execute();
  return cookie;
}
