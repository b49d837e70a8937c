import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../../server/security.ts';
import { renderIndexHtml } from '../../../server/spa.ts';
import { PASSWORD, PUBLIC_URL, type TestServer, createAccount, databases, signIn, startTestServer, writeStaticDir, useTestServer } from '../support.ts';

const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'p'.repeat(48),
  RECAPTCHA_SECRET: 'secret',
  RECAPTCHA_SITE_KEY: 'site-key',
  SMTP_URL: 'smtp://mail.invalid:25',
  SMS_GATEWAY_URL: 'https://sms.invalid/send',
  PUBLIC_URL,
};

function expectSecurityHeaders(headers: Headers) {
  expect(headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('same-origin');
  expect(headers.get('permissions-policy')).toContain('camera=(self)');
  expect(headers.get('permissions-policy')).toContain('microphone=()');
  expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(headers.get('x-frame-options')).toBe('DENY');
}

describe('the content security policy', () => {
  it('allows no inline or eval scripts and only Google reCAPTCHA from elsewhere (WebAssembly for the QR code reader)', () => {
    const scripts = /script-src ([^;]*)/.exec(CONTENT_SECURITY_POLICY)?.[1] ?? '';
    expect(scripts).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*/);
    expect(scripts.split(' ')).toEqual(["'self'", "'wasm-unsafe-eval'", 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']);
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'");
  });
});

describe('renderIndexHtml', () => {
  it('sets <html lang> from the language, replacing any lang already there', () => {
    expect(renderIndexHtml('<!doctype html><html lang="en" class="x"><body></body></html>', { lang: 'zh_hant', path: '/zh_hant/login' })).toBe(
      '<!doctype html><html lang="zh-Hant-HK" class="x"><body></body></html>',
    );
    expect(renderIndexHtml('<html><head></head></html>', { lang: 'zh_hans', path: '/' })).toBe('<html lang="zh-Hans"><head></head></html>');
    expect(renderIndexHtml("<HTML LANG='x'>", { lang: 'en', path: '/' })).toBe('<html lang="en">');
  });
});

describe.each(databases)('HTTP protocol on $name', ({ name }) => {
  const server = useTestServer(name, { env: { STATIC_DIR: writeStaticDir() } });

  describe('envelope', () => {
    it('answers GET /api/health with {"data":{"status":"ok"}} and the security headers', async () => {
      const response = await server.get('/api/health');
      expect(response.status).toBe(200);
      expect(response.text).toBe('{"data":{"status":"ok"}}');
      expectSecurityHeaders(response.headers);
      expect(response.headers.get('strict-transport-security')).toBeNull();
    });

    it('answers GET /api/settings with the public settings', async () => {
      const response = await server.get('/api/settings');
      expect(response.body).toEqual({
        data: { passwordMinLength: 8, passwordComplexity: 3, recaptchaSiteKey: null, supportEmail: 'support@edu-portal.example', devMailbox: true,
          platformLinks: { selfService: null, myRecords: null, subscription: null, emailForwarding: null },
        },
      });
    });

    it('answers unknown /api, /auth and /dev paths with 404 notFound in the envelope, for any method', async () => {
      for (const [method, path] of [
        ['GET', '/api/nothing-here'],
        ['POST', '/api/users/nothing'],
        ['DELETE', '/api/health'],
        ['GET', '/api'],
        ['GET', '/auth/login'],
        ['PUT', '/auth/whatever'],
        ['GET', '/dev/nothing'],
        ['POST', '/some/page'],
      ] as const) {
        const response = await server.request(method, path);
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(response.body, `${method} ${path}`).toEqual({ error: { code: 'notFound', message: expect.any(String) } });
        expectSecurityHeaders(response.headers);
      }
    });

    it('answers malformed JSON with 400 malformedJson', async () => {
      for (const raw of ['{"loginId":', 'not json', '', '{"a":1}}']) {
        const response = await server.request('POST', '/auth/login', { raw, headers: { 'content-type': 'application/json' } });
        expect(response.status, raw).toBe(400);
        expect(response.body.error.code, raw).toBe('malformedJson');
        expectSecurityHeaders(response.headers);
      }
    });

    it('answers a body over 64 KiB with 413 payloadTooLarge', async () => {
      const raw = JSON.stringify({ loginId: 'x'.repeat(70 * 1024), password: 'y' });
      const response = await server.request('POST', '/auth/login', { raw, headers: { 'content-type': 'application/json' } });
      expect(response.status).toBe(413);
      expect(response.body.error.code).toBe('payloadTooLarge');
    });

    it('answers an unexpected failure with 500 internal, without details', async () => {
      const broken = await startTestServer(name, { database: server.database });
      // A database that refuses every query stands in for an outage.
      const failing = new Proxy(broken.database.db, {
        get: (target, prop, receiver) => (prop === 'selectFrom' ? () => { throw new Error('database is down: secret detail'); } : Reflect.get(target, prop, receiver)),
      });
      broken.deps.database = { ...broken.database, db: failing };
      const { createApp } = await import('../../../server/app.ts');
      const logged: unknown[] = [];
      const app = createApp({ ...broken.deps, log: { info() {}, warn() {}, error: (...args: unknown[]) => logged.push(args) } });
      const response = await app.request(`${PUBLIC_URL}/api/password/forgot`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ by: 'loginId', loginId: 'someone', lang: 'en' }),
      });
      expect(response.status).toBe(500);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('internal');
      expect(JSON.stringify(body)).not.toContain('secret detail');
      expect(logged).toHaveLength(1);
      expect(JSON.stringify(logged)).not.toContain('someone');
    });
  });

  describe('cross-site requests', () => {
    it('refuses a state-changing request whose Origin is another site with 403 crossSiteRequest', async () => {
      const account = await createAccount(server);
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        const response = await server.request(method, '/auth/login', {
          json: { loginId: account.loginId, password: PASSWORD },
          headers: { origin: 'https://evil.example' },
        });
        expect(response.status, method).toBe(403);
        expect(response.body.error.code, method).toBe('crossSiteRequest');
        expect(response.setCookie).toBeNull();
      }
      const nullOrigin = await server.post('/auth/login', { loginId: account.loginId, password: PASSWORD }, { headers: { origin: 'null' } });
      expect(nullOrigin.status).toBe(403);
    });

    it('refuses Sec-Fetch-Site: cross-site even without Origin', async () => {
      const response = await server.post('/auth/logout', undefined, { headers: { 'sec-fetch-site': 'cross-site' } });
      expect(response.status).toBe(403);
      expect(response.body.error.code).toBe('crossSiteRequest');
    });

    it('lets same-origin browsers and clients without either header through', async () => {
      const account = await createAccount(server);
      const sameOrigin = await server.post('/auth/login', { loginId: account.loginId, password: PASSWORD }, { headers: { origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' } });
      expect(sameOrigin.status).toBe(200);
      const plain = await server.post('/auth/login', { loginId: account.loginId, password: PASSWORD });
      expect(plain.status).toBe(200);
      const cookie = await signIn(server, account.loginId);
      const foreignGet = await server.get('/api/users/me', { cookie, headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
      expect(foreignGet.status).toBe(200);
    });
  });

  describe('the web app', () => {
    it('answers any page path with index.html in the language of its first segment, revalidated every time', async () => {
      for (const [path, lang] of [
        ['/', 'zh-Hant-HK'],
        ['/en/login', 'en'],
        ['/zh_hans/profile/password', 'zh-Hans'],
        ['/zh_hant/users/register?x=1', 'zh-Hant-HK'],
        ['/fr/login', 'zh-Hant-HK'],
        ['/en/no/such/page', 'en'],
      ] as const) {
        const response = await server.get(path);
        expect(response.status, path).toBe(200);
        expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
        expect(response.headers.get('cache-control'), path).toBe('no-cache');
        expect(response.text, path).toContain(`<html lang="${lang}">`);
        expect(response.text, path).toContain('<div id="root"></div>');
        expectSecurityHeaders(response.headers);
      }
    });

    it('serves hashed assets with a year-long cache and other files revalidated', async () => {
      const asset = await server.get('/assets/index-abc123.js');
      expect(asset.status).toBe(200);
      expect(asset.text).toBe('console.log("app");\n');
      expect(asset.headers.get('content-type')).toMatch(/javascript/);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const robots = await server.get('/robots.txt');
      expect(robots.text).toBe('User-agent: *\n');
      expect(robots.headers.get('cache-control')).toBe('no-cache');
      const again = await server.get('/assets/index-abc123.js', { headers: { 'if-none-match': asset.headers.get('etag') ?? '' } });
      expect(again.status).toBe(304);
    });

    it('answers a missing asset with 404, not the app', async () => {
      const response = await server.get('/assets/index-gone.js');
      expect(response.status).toBe(404);
      expect(response.text).not.toContain('<html');
    });

    it('never serves files outside the build', async () => {
      for (const path of ['/..%2f..%2fpackage.json', '/%2e%2e/%2e%2e/package.json', '/assets/..%2F..%2Fpackage.json', '/assets/%2e%2e%2fpackage.json']) {
        const response = await server.get(path);
        expect(response.text, path).not.toContain('"name": "account-portal"');
        expect(response.status, path).toBeLessThan(500);
      }
    });

    it('answers /404.html with a 404 page in the three languages linking home', async () => {
      const response = await server.get('/404.html');
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.text).toContain('找不到頁面');
      expect(response.text).toContain('Page not found');
      expect(response.text).toContain('找不到页面');
      expect(response.text).toContain('href="/en/"');
      expect(response.text).not.toMatch(/<script/i);
      expectSecurityHeaders(response.headers);
    });

    it('keeps odd paths and queries below 500', async () => {
      for (const path of ['/%E0%A4%A', '/%', '/en/%ZZ', '/api/%00', '/?q=%', '/a'.repeat(500), '/dev/api/outbox?to=%E0']) {
        const response = await server.get(path);
        expect(response.status, path).toBeLessThan(500);
      }
    });
  });
});

describe('production mode', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { env: PRODUCTION_ENV });
  });
  afterAll(async () => {
    await server.close();
  });

  it('has no development routes', async () => {
    for (const [method, path] of [
      ['GET', '/dev/mailbox'],
      ['GET', '/dev/api/outbox'],
      ['POST', '/dev/api/buyer-invitations'],
    ] as const) {
      const response = await server.request(method, path, method === 'POST' ? { json: { email: 'a@b.test', lang: 'en' } } : {});
      expect(response.status, path).toBe(404);
      expect(response.body.error.code).toBe('notFound');
    }
    expect(await server.db.selectFrom('users').selectAll().where('category', '=', 'SCHOOL_PURCHASER').execute()).toEqual([]);
  });

  it('sets the session cookie Secure', async () => {
    const account = await createAccount(server);
    const response = await server.post('/auth/login', { loginId: account.loginId, password: PASSWORD });
    expect(response.status).toBe(200);
    expect(response.setCookie).toMatch(/; Secure/);
    expect(response.setCookie).toContain('HttpOnly');
  });

  it('says so in the public settings and sends HSTS', async () => {
    const response = await server.get('/api/settings');
    expect(response.body.data).toMatchObject({ devMailbox: false, recaptchaSiteKey: 'site-key' });
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });
});
