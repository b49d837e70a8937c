import { describe, expect, it } from 'vitest';
import { HOLD_MAX_ATTEMPTS } from '../../../contract/index.ts';
import { FORGOT_SENDS_PER_DAY } from '../../../server/domain/password-reset.ts';
import { HOUR, NEW_PASSWORD, createAccount, databases, emailsTo, useTestServer, tokenFromEmail } from '../support.ts';

describe.each(databases)('Forgot-password holds on $name', ({ name }) => {
  const server = useTestServer(name, { env: { TRUST_PROXY: '1' } });

  const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
  const forgot = (loginId: string, address: string) => server.post('/api/password/forgot', { by: 'loginId', loginId, lang: 'en' }, from(address));

  it("holds the address that asked too often (a wait or the challenge), never the owner's own network", async () => {
    const account = await createAccount(server);
    for (let i = 0; i < HOLD_MAX_ATTEMPTS; i++) expect((await forgot(account.loginId, '203.0.113.90')).status).toBe(200);
    // Held (account, network): asked for the challenge instead of a wait (docs/decisions/holds.md).
    const stranger = await forgot(account.loginId, '203.0.113.90');
    expect(stranger.status).toBe(429);
    expect(stranger.body.error.code).toBe('loginChallengeRequired');
    // Another address of the stranger's IPv6 /64 is the same stranger.
    expect((await forgot(account.loginId, '2001:db8:5:6::1')).status).toBe(200);

    const owner = await forgot(account.loginId, '198.51.100.14');
    expect(owner.status).toBe(200);
    expect(await emailsTo(server, account.email ?? '')).toHaveLength(HOLD_MAX_ATTEMPTS + 2);
  });

  it(`sends one account at most ${FORGOT_SENDS_PER_DAY} links a day from every address together, and starts again once a link is used`, async () => {
    const account = await createAccount(server);
    let sent = 0;
    for (let address = 1; sent < FORGOT_SENDS_PER_DAY; address++) {
      // The per-login discovery limit is hourly: spread the requests over the day.
      if (sent % 10 === 0) server.clock.advance(HOUR + 1);
      for (let i = 0; i < HOLD_MAX_ATTEMPTS && sent < FORGOT_SENDS_PER_DAY; i++, sent++) {
        expect((await forgot(account.loginId, `192.0.2.${address}`)).status).toBe(200);
      }
    }
    const capped = await forgot(account.loginId, '198.51.100.200');
    expect(capped.status).toBe(429);
    expect(capped.body.error.code).toBe('held');
    const links = await emailsTo(server, account.email ?? '');
    expect(links).toHaveLength(FORGOT_SENDS_PER_DAY);

    // The owner uses one of the links already in the mailbox: a new day's count starts.
    const reset = await server.post('/api/password/reset', { token: tokenFromEmail(links[0]), newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD });
    expect(reset.body).toEqual({ data: {} });
    server.clock.advance(HOUR + 1);
    expect((await forgot(account.loginId, '198.51.100.201')).status).toBe(200);
  });
});
