import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { NICKNAME_MAX, type Language, type NicknameProposal } from '../../contract/index.ts';
import type { Db } from '../db/schema.ts';
import { isIndecent } from './indecent.ts';
import { nameKey } from './name-key.ts';

/**
 * Small, reviewed word lists per language: an adjective, an animal, then digits. Every pairing is
 * checked decent by a spec (and again at proposal time), so a list edit cannot slip a rude one in.
 */
export const NICKNAME_WORDS: Record<Language, { adjectives: readonly string[]; animals: readonly string[] }> = {
  zh_hant: {
    adjectives: ['快樂', '勇敢', '聰明', '溫柔', '好奇', '活潑', '安靜', '開朗', '勤奮', '機靈', '友善', '閃亮'],
    animals: ['熊貓', '海豚', '小貓', '企鵝', '松鼠', '白兔', '海龜', '小鹿', '考拉', '獅子', '鯨魚', '蜜蜂'],
  },
  en: {
    adjectives: ['Happy', 'Brave', 'Clever', 'Gentle', 'Curious', 'Lively', 'Quiet', 'Cheerful', 'Busy', 'Bright', 'Friendly', 'Sunny'],
    animals: ['Panda', 'Dolphin', 'Kitten', 'Penguin', 'Squirrel', 'Rabbit', 'Turtle', 'Deer', 'Koala', 'Lion', 'Whale', 'Bee'],
  },
  zh_hans: {
    adjectives: ['快乐', '勇敢', '聪明', '温柔', '好奇', '活泼', '安静', '开朗', '勤奋', '机灵', '友善', '闪亮'],
    animals: ['熊猫', '海豚', '小猫', '企鹅', '松鼠', '白兔', '海龟', '小鹿', '考拉', '狮子', '鲸鱼', '蜜蜂'],
  },
};

/** Digits after the words: 2 at first, more when the shorter ones keep colliding. */
const DIGITS_BY_ATTEMPT = [2, 2, 2, 3, 3, 3, 4, 4, 4, 4, 4, 4];

function pick<T>(list: readonly T[]): T {
  return list[randomInt(list.length)] as T;
}

function candidate(lang: Language, digits: number): string {
  const words = NICKNAME_WORDS[lang];
  const number = randomInt(10 ** (digits - 1), 10 ** digits);
  return `${pick(words.adjectives)}${pick(words.animals)}${number}`.slice(0, NICKNAME_MAX);
}

/**
 * Whether another account than `exceptUserId` holds the nickname or one that looks like it (the
 * same look-alike key, server/domain/name-key.ts, as users_nickname_look_alike_key; or, for a
 * row the backfill could not key, the same letters ignoring case, as users_nickname_key).
 */
export async function nicknameTaken(db: Db, nickname: string, exceptUserId: string | null): Promise<boolean> {
  const result = await sql<{ id: string }>`SELECT id FROM users
    WHERE nickname IS NOT NULL AND (nickname_key = ${nameKey(nickname)} OR lower(nickname) = lower(${nickname}))
    ${exceptUserId ? sql`AND id <> ${exceptUserId}` : sql``}
    LIMIT 1`.execute(db);
  return result.rows.length > 0;
}

/**
 * Gives every nickname written before migration 0022 its look-alike key, oldest account first.
 * A nickname that looks like an older one keeps no key (both stay; the next save of it is
 * checked). Idempotent: run at every start; returns how many rows it keyed and left out.
 */
export async function backfillNicknameKeys(db: Db): Promise<{ keyed: number; clashing: number }> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'nickname'])
    .where('nickname', 'is not', null)
    .where('nickname_key', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  let keyed = 0;
  let clashing = 0;
  for (const row of rows) {
    const key = nameKey(row.nickname as string);
    const updated = await sql`UPDATE users SET nickname_key = ${key}
      WHERE id = ${row.id} AND NOT EXISTS (SELECT 1 FROM users other WHERE other.nickname_key = ${key})
      RETURNING id`.execute(db);
    if (updated.rows.length > 0) keyed++;
    else clashing++;
  }
  return { keyed, clashing };
}

/**
 * A nickname nobody holds, in the asked language. Not reserved: a save may still find it taken
 * (409 `nicknameTaken`), which the unique index decides.
 */
export async function proposeNickname(db: Db, userId: string, lang: Language): Promise<NicknameProposal> {
  for (const digits of DIGITS_BY_ATTEMPT) {
    const nickname = candidate(lang, digits);
    if (isIndecent(nickname)) continue;
    if (!(await nicknameTaken(db, nickname, userId))) return { nickname };
  }
  // Twelve collisions in a row would mean tens of thousands of generated names in use: widen.
  for (;;) {
    const nickname = candidate(lang, 8);
    if (!isIndecent(nickname) && !(await nicknameTaken(db, nickname, userId))) return { nickname };
  }
}
