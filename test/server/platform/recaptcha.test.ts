import { describe, expect, it } from 'vitest';
import { SITEVERIFY_URL, createRecaptchaVerifier } from '../../../server/domain/recaptcha.ts';

function fakeFetch(answer: () => Response | Promise<Response>) {
  const calls: { url: string; body: string }[] = [];
  const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), body: String(init?.body) });
    return answer();
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

describe('reCAPTCHA verification', () => {
  it('without a secret (development) accepts any non-empty token from the local stand-in', async () => {
    const verify = createRecaptchaVerifier({ secret: null });
    expect(await verify('anything')).toBe(true);
    expect(await verify('')).toBe(false);
  });

  it('with a secret asks Google siteverify with the secret and token, and believes its answer', async () => {
    const yes = fakeFetch(() => Response.json({ success: true, hostname: 'portal.example' }));
    const verify = createRecaptchaVerifier({ secret: 's3cret', expectedHostname: 'portal.example', fetch: yes.fetch });
    expect(await verify('token-1', '203.0.113.9')).toBe(true);
    expect(yes.calls).toHaveLength(1);
    expect(yes.calls[0]?.url).toBe(SITEVERIFY_URL);
    expect(new URLSearchParams(yes.calls[0]?.body)).toEqual(new URLSearchParams({ secret: 's3cret', response: 'token-1', remoteip: '203.0.113.9' }));

    const no = fakeFetch(() => Response.json({ success: false, 'error-codes': ['invalid-input-response'] }));
    expect(await createRecaptchaVerifier({ secret: 's3cret', fetch: no.fetch })('token-2')).toBe(false);
  });

  it('refuses a token solved on another site', async () => {
    const other = fakeFetch(() => Response.json({ success: true, hostname: 'evil.example' }));
    expect(await createRecaptchaVerifier({ secret: 's', expectedHostname: 'portal.example', fetch: other.fetch })('t')).toBe(false);
  });

  it('fails closed when Google cannot be reached or answers an error, reporting the problem', async () => {
    const problems: string[] = [];
    const down = fakeFetch(() => Promise.reject(new TypeError('fetch failed')));
    expect(await createRecaptchaVerifier({ secret: 's', fetch: down.fetch, onProblem: (p) => problems.push(p) })('t')).toBe(false);
    const broken = fakeFetch(() => new Response('oops', { status: 502 }));
    expect(await createRecaptchaVerifier({ secret: 's', fetch: broken.fetch, onProblem: (p) => problems.push(p) })('t')).toBe(false);
    expect(problems).toEqual(['siteverify unreachable: fetch failed', 'siteverify answered HTTP 502']);
    const empty = fakeFetch(() => Response.json({}));
    expect(await createRecaptchaVerifier({ secret: 's', fetch: empty.fetch })('')).toBe(false);
    expect(empty.calls).toHaveLength(0);
  });
});
