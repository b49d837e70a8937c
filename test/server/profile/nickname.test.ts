import { describe, expect, it } from 'vitest';
import { LANGUAGES, NICKNAME_MAX } from '../../../contract/index.ts';
import { NICKNAME_WORDS } from '../../../server/domain/nickname.ts';
import { isIndecent } from '../../../server/domain/indecent.ts';
import { databases, useTestServer } from '../support.ts';
import { basicProfile, expectData, expectRefused, profileUser } from './profile-fixtures.ts';

describe('nickname word lists', () => {
  it('every adjective and animal pairing, in every language, is decent', () => {
    for (const lang of LANGUAGES) {
      const { adjectives, animals } = NICKNAME_WORDS[lang];
      for (const adjective of adjectives) for (const animal of animals) expect(isIndecent(`${adjective}${animal}99`), `${adjective}${animal}`).toBe(false);
    }
  });
});

describe.each(databases)('POST /api/profile/nickname on $name', ({ name }) => {
  const server = useTestServer(name);

  it('proposes a free nickname in the asked language: adjective, animal, 2 to 4 digits', async () => {
    const user = await profileUser(server);
    const patterns = { zh_hant: /^[\u4e00-\u9fff]{4}\d{2,4}$/, en: /^[A-Z][a-z]+[A-Z][a-z]+\d{2,4}$/, zh_hans: /^[\u4e00-\u9fff]{4}\d{2,4}$/ };
    for (const lang of LANGUAGES) {
      const { nickname } = expectData(await user.post('/profile/nickname', { lang }));
      expect(nickname).toMatch(patterns[lang]);
      expect(nickname.length).toBeLessThanOrEqual(NICKNAME_MAX);
      const words = NICKNAME_WORDS[lang];
      expect(words.adjectives.some((word) => nickname.startsWith(word))).toBe(true);
    }
  });

  it('a proposal can be saved as is, and the answer carries the display name it gives', async () => {
    const user = await profileUser(server);
    const { nickname } = expectData(await user.post('/profile/nickname', { lang: 'zh_hant' }));
    const saved = expectData(await user.put('/profile/basic', basicProfile({ nickname })));
    expect(saved.values.nickname).toBe(nickname);
    expect(saved.displayName).toBe(nickname);
  });

  it('never proposes a nickname another account holds', async () => {
    // Every two-digit English name is taken: proposals must move on to longer numbers.
    const { adjectives, animals } = NICKNAME_WORDS.en;
    const taken: string[] = [];
    for (const adjective of adjectives) for (const animal of animals) for (let n = 10; n < 100; n++) taken.push(`${adjective}${animal}${n}`);
    const now = server.clock.now();
    for (let i = 0; i < taken.length; i += 1000) {
      await server.db
        .insertInto('users')
        .values(
          taken.slice(i, i + 1000).map((nickname, j) => ({
            id: `nick-${i + j}`,
            login_id: `nick_holder_${i + j}`,
            login_email: null,
            contact_email: null,
            category: 'PUBLIC' as const,
            display_name: nickname,
            school_code: null,
            password_hash: null,
            status: 'active' as const,
            language: 'en' as const,
            created_at: now,
            activated_at: now,
            nickname: nickname.toLowerCase(),
          })),
        )
        .execute();
    }
    const user = await profileUser(server);
    for (let i = 0; i < 5; i++) {
      const { nickname } = expectData(await user.post('/profile/nickname', { lang: 'en' }));
      expect(nickname).toMatch(/\d{3,4}$/);
    }
  });

  it('refuses an unknown language and signed-out calls', async () => {
    const user = await profileUser(server);
    for (const body of [{ lang: 'fr' }, {}, { lang: 7 }, null]) expectRefused(await user.post('/profile/nickname', body), 'invalidPayload', 400);
    expectRefused(await server.post('/api/profile/nickname', { lang: 'en' }), 'unauthorized', 401);
  });
});
