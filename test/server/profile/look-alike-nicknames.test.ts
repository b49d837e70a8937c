import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { nameKey } from '../../../server/domain/name-key.ts';
import { backfillNicknameKeys } from '../../../server/domain/nickname.ts';
import { databases, useTestServer } from '../support.ts';
import { basicProfile, expectData, expectRefused, profileSnapshot, profileUser } from './profile-fixtures.ts';

/** Names that look alike are the same name (issue 13): nickname uniqueness and the indecent check. */
describe.each(databases)('look-alike nicknames on $name', ({ name }) => {
  const server = useTestServer(name);

  /** Digits ending in 3 (a Cyrillic З imitates it). */
  const digits = () => `${randomInt(100_000, 999_999)}3`;

  it.each([
    ['Cyrillic а for Latin a', (n: string) => `Pаnda${n}`],
    ['Greek Ρ for Latin P', (n: string) => `Ρanda${n}`],
    ['full-width letters and digits', (n: string) => `Ｐａｎｄａ${n.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)))}`],
    ['a zero-width joiner', (n: string) => `Pan\u200Dda${n}`],
    ['a zero-width space', (n: string) => `Pa\u200Bnda${n}`],
    ['a bidi override', (n: string) => `Pan\u202Eda${n}`],
    ['other case', (n: string) => `pANDA${n}`],
    ['Cyrillic З for the digit 3, in upper case', (n: string) => `PANDA${n.slice(0, -1)}З`],
  ])('a nickname another account holds cannot be taken again written with %s', async (_label, variant) => {
    const n = digits();
    const original = `Panda${n}`;
    const holder = await profileUser(server);
    expectData(await holder.put('/profile/basic', basicProfile({ nickname: original })));
    const lookAlike = variant(n);
    expect(lookAlike).not.toBe(original);
    expect(nameKey(lookAlike)).toBe(nameKey(original));

    const other = await profileUser(server);
    const check = expectData(await other.post('/profile/check', { form: 'basic', values: basicProfile({ nickname: lookAlike }) }));
    expect(check.fields).toEqual([{ field: 'nickname', rule: 'taken' }]);
    const before = await profileSnapshot(server.db);
    const response = await other.put('/profile/basic', basicProfile({ nickname: lookAlike }));
    expectRefused(response, 'nicknameTaken', 409);
    expect(response.body.error.fields).toEqual([{ field: 'nickname', rule: 'taken' }]);
    expect(await profileSnapshot(server.db)).toBe(before);
    // Its holder may save it again, in any of its look-alike forms.
    expectData(await holder.put('/profile/basic', basicProfile({ nickname: lookAlike })));
  });

  it('the unique index decides between parallel saves of two look-alikes', async () => {
    const n = digits();
    const users = [await profileUser(server), await profileUser(server)];
    const responses = await Promise.all([
      users[0]?.put('/profile/basic', basicProfile({ nickname: `Koala${n}` })),
      users[1]?.put('/profile/basic', basicProfile({ nickname: `Kоala${n}` })),
    ]);
    expect(responses.map((r) => r?.status).sort()).toEqual([200, 409]);
    const refused = responses.find((r) => r?.status === 409);
    expect(refused?.body.error.code).toBe('nicknameTaken');
  });

  it('names that differ to the eye stay apart: an accent, another digit, another word', async () => {
    const n = digits();
    const holder = await profileUser(server);
    expectData(await holder.put('/profile/basic', basicProfile({ nickname: `Jose${n}` })));
    for (const nickname of [`José${n}`, `Jose${n}1`, `Josie${n}`]) {
      const other = await profileUser(server);
      expect(expectData(await other.put('/profile/basic', basicProfile({ nickname }))).values.nickname).toBe(nickname);
    }
  });

  it('indecent words written with look-alike letters, full-width or invisible characters are refused', async () => {
    const user = await profileUser(server);
    for (const nickname of ['fuсk99', 'ｆｕｃｋ99', 'f\u200Buck99', 'sh\u200Dit99', 'ƒuck99', 'Ƅitch99', '屌\u200B你老母']) {
      const response = await user.put('/profile/basic', basicProfile({ nickname }));
      expect(response.body?.error?.code, nickname).toBe('indecentLanguage');
    }
  });

  it('nicknames written before the look-alike key get theirs at start; a look-alike of an older one keeps none', async () => {
    const n = digits();
    const first = await profileUser(server);
    const second = await profileUser(server);
    const third = await profileUser(server);
    // As the rows were before migration 0022: nicknames without keys (the first account the oldest).
    const at = (minutesAgo: number) => new Date(server.clock.now().getTime() - minutesAgo * 60_000);
    await server.db.updateTable('users').set({ nickname: `Lion${n}`, nickname_key: null, created_at: at(3) }).where('id', '=', first.account.id).execute();
    await server.db.updateTable('users').set({ nickname: `Liоn${n}`, nickname_key: null, created_at: at(2) }).where('id', '=', second.account.id).execute();
    await server.db.updateTable('users').set({ nickname: `Tiger${n}`, nickname_key: null, created_at: at(1) }).where('id', '=', third.account.id).execute();
    const result = await backfillNicknameKeys(server.db);
    expect(result.keyed).toBeGreaterThanOrEqual(2);
    expect(result.clashing).toBeGreaterThanOrEqual(1);
    const keys = await server.db
      .selectFrom('users')
      .select(['id', 'nickname_key'])
      .where('id', 'in', [first.account.id, second.account.id, third.account.id])
      .execute();
    const keyOf = (id: string) => keys.find((row) => row.id === id)?.nickname_key;
    expect(keyOf(first.account.id)).toBe(nameKey(`Lion${n}`));
    expect(keyOf(second.account.id)).toBeNull();
    expect(keyOf(third.account.id)).toBe(nameKey(`Tiger${n}`));
    expect(await backfillNicknameKeys(server.db)).toEqual({ keyed: 0, clashing: result.clashing });

    // A newcomer cannot take it in either form; the unkeyed holder, saving, is refused as the later one.
    const newcomer = await profileUser(server);
    expectRefused(await newcomer.put('/profile/basic', basicProfile({ nickname: `LION${n}` })), 'nicknameTaken', 409);
    expectRefused(await second.put('/profile/basic', basicProfile({ nickname: `Liоn${n}` })), 'nicknameTaken', 409);
  });
});
