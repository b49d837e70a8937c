import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BODY_BYTES, fullPath } from '../../../contract/call.ts';
import { ALL_CALLS } from '../../../contract/calls/index.ts';
import { type TestServer, createAccount, databases, emailsTo, signIn, startTestServer, tableCounts, tokenFromEmail } from '../support.ts';
import { asSent, spoiledWholes, TEN_KB, withoutEach } from '../spoiled-bodies.ts';


/** Every state-changing call, with a valid payload to spoil. */
const CALLS: { path: string; valid: Record<string, unknown>; session?: boolean }[] = [
  { path: '/auth/login', valid: { loginId: 'someone', password: 'Correct-Horse-42' } },
  {
    path: '/api/users/register',
    valid: { loginId: 'newcomer', email: 'newcomer@example.test', displayName: 'New', acceptTerms: true, recaptcha: 'token', lang: 'en' },
  },
  { path: '/api/user-activate/check-record', valid: { encryptCode: 'A'.repeat(43) } },
  { path: '/api/user-activate', valid: { encryptCode: 'A'.repeat(43), newPassword: 'Brand-New-Pass-77', confirmNewPassword: 'Brand-New-Pass-77' } },
  { path: '/api/user-activate/buyer', valid: { encryptCode: 'A'.repeat(43), newPassword: 'Brand-New-Pass-77', confirmNewPassword: 'Brand-New-Pass-77' } },
  { path: '/api/user-activate/subscribe', valid: { encryptCode: 'A'.repeat(43), userId: 'someone', services: ['edPost'] }, session: true },
  { path: '/api/password/forgot', valid: { by: 'email', email: 'someone@example.test', lang: 'en' } },
  { path: '/api/password/reset/check', valid: { token: 'A'.repeat(43) } },
  { path: '/api/password/reset', valid: { token: 'A'.repeat(43), newPassword: 'Brand-New-Pass-77', confirmNewPassword: 'Brand-New-Pass-77' } },
  {
    path: '/api/password/change',
    valid: { currentPassword: 'Correct-Horse-42', newPassword: 'Brand-New-Pass-77', confirmNewPassword: 'Brand-New-Pass-77' },
    session: true,
  },
  { path: '/dev/api/buyer-invitations', valid: { email: 'buyer@example.test', lang: 'en' } },
];

/** Bodies that are not the payload: each must be refused with 400 and a code. */
function spoiled(valid: Record<string, unknown>): [string, string][] {
  const keys = Object.keys(valid);
  const variants: [string, unknown][] = [
    ...spoiledWholes(valid),
    ...withoutEach(valid),
    ...keys.map((k): [string, unknown] => [`${k} 10 KB long`, { ...valid, [k]: typeof valid[k] === 'string' ? TEN_KB : [TEN_KB] }]),
    ...keys.map((k): [string, unknown] => [`${k} an array`, { ...valid, [k]: [valid[k]] }]),
  ];
  return asSent(variants, '{"loginId": "a",');
}

describe.each(databases)('bad inputs on $name', ({ name }) => {
  let server: TestServer;
  let cookie: string;
  let validToken: string;
  beforeAll(async () => {
    server = await startTestServer(name);
    const account = await createAccount(server);
    cookie = await signIn(server, account.loginId);
    // A real, unused reset link, so a spoiled payload carrying it would do harm if accepted.
    await server.post('/api/password/forgot', { by: 'email', email: account.email, lang: 'en' });
    validToken = tokenFromEmail((await emailsTo(server, account.email ?? ''))[0]);
  });
  afterAll(async () => {
    await server.close();
  });

  for (const call of CALLS) {
    it(`refuses every malformed body to POST ${call.path} with 400 and a code, changing nothing`, async () => {
      const valid = Object.fromEntries(Object.entries(call.valid).map(([k, v]) => [k, v === 'A'.repeat(43) ? validToken : v]));
      const before = await tableCounts(server.db);
      const limit = ALL_CALLS.find((declared) => declared.method === 'post' && fullPath(declared) === call.path)?.bodyLimit.bytes ?? DEFAULT_BODY_BYTES;
      for (const [label, raw] of spoiled(valid)) {
        const response = await server.request('POST', call.path, {
          raw,
          headers: { 'content-type': 'application/json' },
          ...(call.session ? { cookie } : {}),
        });
        // A body over the call's limit is refused for its size before it is read (request-bounds.test.ts).
        if (Buffer.byteLength(raw) > limit) {
          expect([response.status, response.body?.error?.code], `${call.path} with ${label}`).toEqual([413, 'payloadTooLarge']);
          continue;
        }
        expect(response.status, `${call.path} with ${label}: ${response.text}`).toBe(400);
        expect(['invalidPayload', 'malformedJson', 'termsNotAccepted'], `${call.path} with ${label}`).toContain(response.body?.error?.code);
        if (response.body.error.code === 'invalidPayload') expect(response.body.error.fields.length, label).toBeGreaterThan(0);
      }
      expect(await tableCounts(server.db)).toEqual(before);
    });
  }
});
