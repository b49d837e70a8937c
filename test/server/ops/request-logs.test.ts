import { describe, expect, it } from 'vitest';
import { clientErrorAnswer } from '../../../server/limits.ts';
import { createLogger } from '../../../server/log.ts';
import { REQUEST_ID_PATTERN } from '../../../server/ops/observe.ts';
import { sentCode } from '../code-support.ts';
import { createAccount, databases, emailsTo, tokenFromEmail, useTestServer } from '../support.ts';

/** The log lines as the portal writes them (server/log.ts), parsed. */
function capturedLog() {
  const lines: string[] = [];
  return { lines, log: createLogger((line) => lines.push(line)), parsed: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe.each(databases)('request logs on $name', ({ name }) => {
  const captured = capturedLog();
  const server = useTestServer(name, { log: captured.log });

  it('writes no password, code, token, cookie, email address or login ID while the main flows run', async () => {
    const password = 'Known-Secret-Pass-31';
    const wrongPassword = 'Wrong-Secret-Pass-77';
    const newPassword = 'Fresh-Secret-Pass-58';
    const email = `Secret.Mailbox.${Date.now().toString(36)}@Example.test`;
    const account = await createAccount(server, { password, email: email.toLowerCase() });
    const secrets: string[] = [password, wrongPassword, newPassword, account.loginId, email, email.toLowerCase()];
    const before = captured.lines.length;

    // Password sign-in: a wrong password, then the right one; the session's own calls.
    expect((await server.post('/auth/login', { loginId: account.loginId, password: wrongPassword })).status).toBe(401);
    const signedIn = await server.post('/auth/login', { loginId: email, password });
    expect(signedIn.status, signedIn.text).toBe(200);
    const cookie = signedIn.cookie ?? '';
    secrets.push(cookie, cookie.split('=')[1] ?? '');
    expect((await server.get('/api/users/me', { cookie })).status).toBe(200);
    expect((await server.post('/api/password/change', { currentPassword: wrongPassword, newPassword, confirmNewPassword: newPassword }, { cookie })).status).toBe(400);
    expect((await server.post('/auth/logout', undefined, { cookie })).status).toBe(200);

    // One-time password: sent to the email, a wrong one, then the right one.
    expect((await server.post('/auth/otp/send', { loginId: account.loginId })).status).toBe(200);
    const code = await sentCode(server.db, account.email ?? '');
    secrets.push(code);
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect((await server.post('/auth/otp/login', { loginId: account.loginId, code: wrongCode })).status).toBeGreaterThanOrEqual(400);
    const otpSession = await server.post('/auth/otp/login', { loginId: account.loginId, code });
    expect(otpSession.status, otpSession.text).toBe(200);
    secrets.push(otpSession.cookie?.split('=')[1] ?? '');

    // Forgotten password: the emailed link's token, checked and used.
    expect((await server.post('/api/password/forgot', { by: 'email', email, lang: 'en' })).status).toBe(200);
    const [resetEmail] = await emailsTo(server, account.email ?? '');
    const token = tokenFromEmail(resetEmail);
    secrets.push(token);
    expect((await server.post('/api/password/reset/check', { token })).status).toBe(200);
    expect((await server.post('/api/password/reset', { token, newPassword, confirmNewPassword: newPassword })).status).toBe(200);
    expect((await server.post('/auth/login', { loginId: account.loginId, password: newPassword })).status).toBe(200);

    const written = captured.lines.slice(before);
    // One line per request above, each naming its declared call.
    const requests = written.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.message === 'request');
    expect(requests.map((line) => line.call)).toEqual([
      'session.login',
      'session.login',
      'users.me',
      'password.change',
      'session.logout',
      'otpLogin.send',
      'otpLogin.login',
      'otpLogin.login',
      'password.forgot',
      'password.resetCheck',
      'password.reset',
      'session.login',
    ]);
    expect(requests[0]).toMatchObject({ level: 'info', method: 'POST', status: 401, code: 'loginFailed' });
    for (const line of requests) {
      expect(line.requestId).toMatch(REQUEST_ID_PATTERN);
      expect(typeof line.ms).toBe('number');
    }
    const text = written.join('\n');
    for (const secret of secrets.filter((s) => s.length >= 6)) expect(text.includes(secret), `the log holds ${secret}`).toBe(false);
    expect(text.toLowerCase()).not.toContain(email.toLowerCase());
  });

  it('masks email addresses and blanks secret-named fields in whatever the code logs', () => {
    const { log, parsed } = capturedLog();
    log.warn('email delivery failed; will retry', { outboxId: 7, reason: '550 5.1.1 <Some.One@school.edu.hk>: Recipient address rejected', password: 'x', sessionCookie: 'y', nested: { token: 'z', loginId: 'w' } });
    expect(parsed()[0]).toMatchObject({
      outboxId: 7,
      reason: '550 5.1.1 <<email>>: Recipient address rejected',
      password: '[redacted]',
      sessionCookie: '[redacted]',
      nested: { token: '[redacted]', loginId: '[redacted]' },
    });
  });
});

describe('request ids', () => {
  const behindProxy = useTestServer('pglite', { env: { TRUST_PROXY: '1' } });
  const direct = useTestServer('pglite');

  it('keeps a well-formed X-Request-Id from a trusted proxy, and makes its own otherwise', async () => {
    const id = 'f3a1c9e2-5b7d-4e8a-9c0f-1d2e3f4a5b6c';
    expect((await behindProxy.get('/api/health', { headers: { 'X-Request-Id': id } })).headers.get('x-request-id')).toBe(id);
    for (const bad of ['short', 'has space in it', `${'x'.repeat(200)}`, 'quote"inside-it']) {
      const answered = (await behindProxy.get('/api/health', { headers: { 'X-Request-Id': bad } })).headers.get('x-request-id');
      expect(answered).not.toBe(bad);
      expect(answered).toMatch(REQUEST_ID_PATTERN);
    }
    const untrusted = (await direct.get('/api/health', { headers: { 'X-Request-Id': id } })).headers.get('x-request-id');
    expect(untrusted).not.toBe(id);
    expect(untrusted).toMatch(REQUEST_ID_PATTERN);
  });

  it('echoes it on every answer: refusals, unknown paths, pages, and the envelopes of requests too large to read', async () => {
    const answers = [
      await direct.get('/api/users/me'),
      await direct.get('/api/no-such-call'),
      await direct.post('/auth/login', undefined, { raw: JSON.stringify({ loginId: 'a', password: 'b'.repeat(40_000) }), headers: { 'content-type': 'application/json' } }),
      await direct.get(`/api/health?pad=${'x'.repeat(9_000)}`),
      await direct.get('/login'),
    ];
    expect(answers.map((a) => a.status)).toEqual([401, 404, 413, 414, expect.any(Number)]);
    const ids = answers.map((a) => a.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(REQUEST_ID_PATTERN);
    expect(new Set(ids).size).toBe(ids.length);
    // The parser's own refusals (431, 414 over Node's head limit) are answered outside the app.
    expect(clientErrorAnswer('HPE_HEADER_OVERFLOW')).toMatch(/^HTTP\/1\.1 431 [^\r]*\r\n(.*\r\n)*X-Request-Id: [0-9a-f-]{36}\r\n/);
  });
});
