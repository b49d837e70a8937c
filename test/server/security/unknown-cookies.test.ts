import { describe, expect, it, vi } from 'vitest';
import { batchedSessionReader, findSession, sessionRefusal } from '../../../server/domain/sessions.ts';
import { randomToken } from '../../../server/domain/tokens.ts';
import { statementCounter } from '../code-support.ts';
import { createAccount, databases, signIn, useTestServer } from '../support.ts';

/*
 * A cookie that finds no live session (junk, a logout's, an expired one, one ended elsewhere)
 * must not cost the database once per request: its refusal is remembered, and many at once are
 * looked up in batches (server/domain/sessions.ts, batchedSessionReader). Nor may one make a
 * write during a SESSION_SECRET rotation: a write to sessions makes every cached session stale.
 */
const SECRET = 'unknown-cookie-secret-0123456789abcdef0123';
const PREVIOUS = 'unknown-cookie-previous-fedcba9876543210fe';
const cookieOf = (raw: string) => `portal_session=${raw}`;

describe.each(databases)('unknown session cookies on $name', ({ name }) => {
  const server = useTestServer(name);

  it('answers a repeated unknown cookie from memory: no statement after the first', async () => {
    const junk = cookieOf(randomToken());
    const first = await server.get('/api/users/me', { cookie: junk });
    expect([first.status, first.body.error.code]).toEqual([401, 'unauthorized']);
    const queries = vi.spyOn(server.db.getExecutor(), 'provideConnection');
    for (let n = 0; n < 5; n++) {
      const again = await server.get('/api/users/me', { cookie: junk });
      expect([again.status, again.body.error.code]).toEqual([401, 'unauthorized']);
    }
    expect(queries).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('remembers "signed out elsewhere" too, and a live session is never remembered as refused', async () => {
    const account = await createAccount(server);
    const mine = await signIn(server, account.loginId);
    const other = await signIn(server, account.loginId);
    expect((await server.post('/api/profile/security/sessions/sign-out-others', undefined, { cookie: mine })).status).toBe(200);
    expect((await server.get('/api/users/me', { cookie: other })).body.error.code).toBe('sessionSignedOut');
    const queries = vi.spyOn(server.db.getExecutor(), 'provideConnection');
    expect((await server.get('/api/users/me', { cookie: other })).body.error.code).toBe('sessionSignedOut');
    expect(queries).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    expect((await server.get('/api/users/me', { cookie: mine })).status).toBe(200);
  });

  it('looks many unknown cookies up in one statement for the sessions and one for the ended ones', async () => {
    const counter = statementCounter();
    const db = server.db.withPlugin(counter.plugin);
    const reader = batchedSessionReader(db, { writeGeneration: server.database.writeGeneration });
    const keys = { secret: SECRET, now: server.clock.now() };
    const cookies = Array.from({ length: 40 }, () => randomToken());
    const refusals = await Promise.all(
      cookies.map(async (raw) => ((await findSession(db, reader, raw, keys)) ? 'found' : await sessionRefusal(reader, raw, SECRET))),
    );
    expect(new Set(refusals)).toEqual(new Set(['unauthorized']));
    expect(counter.count).toBe(2);
    const again = await Promise.all(cookies.map((raw) => findSession(db, reader, raw, keys)));
    expect(again.every((session) => session === null)).toBe(true);
    expect(counter.count).toBe(2);
  });

  it('makes no write for an unknown cookie while SESSION_SECRET rotates', async () => {
    const counter = statementCounter(/^update "sessions"/i);
    const db = server.db.withPlugin(counter.plugin);
    const reader = batchedSessionReader(db, { writeGeneration: server.database.writeGeneration });
    const generation = server.database.writeGeneration?.() ?? null;
    const keys = { secret: SECRET, previousSecret: PREVIOUS, now: server.clock.now() };
    for (let n = 0; n < 5; n++) expect(await findSession(db, reader, randomToken(), keys)).toBeNull();
    expect(counter.count).toBe(0);
    expect(server.database.writeGeneration?.() ?? null).toBe(generation);
  });
});
