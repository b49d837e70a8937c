import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../contract/api-error.ts';
import { declareCall } from '../../contract/call.ts';
import * as account from '../../contract/calls/account.ts';
import * as family from '../../contract/calls/family.ts';
import { createActor, fromPromise, waitFor } from 'xstate';
import { passwordLoginMachine } from '../../machines/login/password-login.machine.ts';
import { call, setFatalHandler, useFetchForTests } from '../../src/api/client.ts';
import { errorMessages } from '../../src/i18n/error-messages.ts';

/** The browser's client (src/api/client.ts, ky underneath) against a fake transport. */

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const user = {
  userId: '1',
  loginId: 'demo',
  loginEmail: null,
  contactEmail: null,
  category: 'PUBLIC',
  displayName: 'Demo',
  schoolCode: null,
  permissions: [],
  userFamilyRoles: [],
  language: 'en',
};

let restore: (() => void) | undefined;
function transport(answer: (request: Request) => Response | Promise<Response>) {
  const seen: Request[] = [];
  restore = useFetchForTests(async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    seen.push(request.clone());
    return answer(request);
  });
  return seen;
}
afterEach(() => {
  restore?.();
  restore = undefined;
});

describe('call', () => {
  it('sends a declared call to its base and path with its JSON body, and answers its data', async () => {
    const seen = transport(() => json(200, { data: { status: 'signedIn', user } }));
    await expect(call(account.login, { loginId: 'demo', password: 'x' })).resolves.toEqual({ status: 'signedIn', user });
    expect(seen[0]?.method).toBe('POST');
    expect(new URL(seen[0]!.url).pathname).toBe('/auth/login');
    expect(seen[0]?.headers.get('content-type')).toMatch(/application\/json/);
    expect(await seen[0]?.json()).toEqual({ loginId: 'demo', password: 'x' });
  });

  it('puts a GET or DELETE input in the query string', async () => {
    const seen = transport(() => json(200, { data: {} }));
    await call(family.dismiss, { familyId: '42' });
    expect(seen[0]?.method).toBe('DELETE');
    expect(seen[0]?.url).toMatch(/\/api\/family\/dismiss-family\?familyId=42$/);
  });

  it('turns a refusal into an ApiError with its code, status, fields and hold', async () => {
    transport(() => json(429, { error: { code: 'held', message: 'held', holdUntil: '2026-01-01T00:00:00.000Z', fields: [{ field: 'x', rule: 'required' }] } }));
    const error = await call(account.login, { loginId: 'a', password: 'b' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'held', status: 429, holdUntil: '2026-01-01T00:00:00.000Z', fields: [{ field: 'x', rule: 'required' }] });
  });

  it('turns a shed request (503 serverBusy with Retry-After) into an ApiError a form shows like any other failure', async () => {
    const heard: string[] = [];
    const uninstall = setFatalHandler((kind) => heard.push(kind));
    transport(() => new Response(JSON.stringify({ error: { code: 'serverBusy', message: 'busy' } }), { status: 503, headers: { 'content-type': 'application/json', 'retry-after': '2' } }));
    const error = await call(account.login, { loginId: 'a', password: 'b' }).catch((e: unknown) => e);
    uninstall();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'serverBusy', status: 503 });
    // Any answer of 500 or more reaches the shell, as SPEC §8 asks for server failures.
    expect(heard).toEqual(['server']);
    // The login form has no state of its own for it: the generic failure, with the catalogue's message.
    const login = createActor(passwordLoginMachine.provide({ actors: { login: fromPromise(() => Promise.reject(error)) } }), { input: {} }).start();
    login.send({ type: 'form.change', field: 'loginId', value: 'someone' });
    login.send({ type: 'form.change', field: 'password', value: 'Some-Password-1' });
    login.send({ type: 'form.submit' });
    const failed = await waitFor(login, (snapshot) => snapshot.matches({ editing: 'failed' }));
    expect(failed.context.errorCode).toBe('serverBusy');
    expect(errorMessages().serverBusy.id).toBe('error.serverBusy');
  });

  it('tries a GET once more when no answer came, never a POST, and says network when none came', async () => {
    let calls = 0;
    transport(() => {
      calls++;
      // What Chromium's fetch throws when no answer comes.
      throw new TypeError('Failed to fetch');
    });
    await expect(call(account.me)).rejects.toMatchObject({ code: 'network', status: 0 });
    expect(calls).toBe(2);
    calls = 0;
    await expect(call(account.login, { loginId: 'a', password: 'b' })).rejects.toMatchObject({ code: 'network' });
    expect(calls).toBe(1);
  });

  it('does not repeat a GET that was answered, even with a failure', async () => {
    let calls = 0;
    transport(() => {
      calls++;
      return json(503, { error: { code: 'internal', message: 'x' } });
    });
    await expect(call(account.me)).rejects.toMatchObject({ code: 'internal', status: 503 });
    expect(calls).toBe(1);
  });

  it('rethrows the caller’s abort as is', async () => {
    transport(
      (request) =>
        new Promise((_, reject) => {
          if (request.signal.aborted) reject(request.signal.reason);
          request.signal.addEventListener('abort', () => reject(request.signal.reason));
        }),
    );
    const controller = new AbortController();
    const pending = call(account.me, undefined, { signal: controller.signal });
    controller.abort(new DOMException('left', 'AbortError'));
    const error = await pending.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
  });

  it('rethrows the caller’s abort that comes while the answer’s body is read, and raises nothing for the shell', async () => {
    const heard: string[] = [];
    const uninstall = setFatalHandler((kind) => heard.push(kind));
    const controller = new AbortController();
    // Headers came; the body never finishes: the page navigates away (a route's loader is aborted).
    transport(
      (request) =>
        new Response(
          new ReadableStream({
            start(stream) {
              // As fetch does: an abort errors the body being read.
              request.signal.addEventListener('abort', () => stream.error(request.signal.reason));
              setTimeout(() => controller.abort(new DOMException('left', 'AbortError')), 0);
            },
          }),
          { status: 200 },
        ),
    );
    const error = await call(account.me, undefined, { signal: controller.signal }).catch((e: unknown) => e);
    uninstall();
    expect(error).not.toBeInstanceOf(ApiError);
    expect(heard).toEqual([]);
  });

  it('reports a 2xx without the envelope as 502, and tells the shell about server faults and lost sessions', async () => {
    const heard: string[] = [];
    const uninstall = setFatalHandler((kind) => heard.push(kind));
    transport(() => new Response('<html>proxy</html>', { status: 200 }));
    await expect(call(account.me)).rejects.toMatchObject({ code: 'internal', status: 502 });
    restore?.();
    transport(() => json(401, { error: { code: 'unauthorized', message: 'x' } }));
    await expect(call(account.me)).rejects.toMatchObject({ code: 'unauthorized' });
    restore?.();
    transport(() => json(401, { error: { code: 'loginFailed', message: 'x' } }));
    await expect(call(account.login, { loginId: 'a', password: 'b' })).rejects.toMatchObject({ code: 'loginFailed' });
    uninstall();
    expect(heard).toEqual(['server', 'unauthorized']);
  });

  it('checks the answer against its declaration in tests, naming the call and the place', async () => {
    transport(() => json(200, { data: { ...user, permissions: 'all' } }));
    await expect(call(account.me)).rejects.toThrow(/users\.me.*permissions/);
    const loose = declareCall({ name: 'test.loose', method: 'get', path: 'x', response: v.object({ n: v.number() }), summary: 'x' });
    restore?.();
    transport(() => json(200, { data: { n: 1 } }));
    await expect(call(loose)).resolves.toEqual({ n: 1 });
  });
});

