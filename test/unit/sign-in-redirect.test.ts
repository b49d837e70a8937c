import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inAppPath, RedirectSearchSchema } from '../../src/shell/search.ts';
import { signInRedirect, takeLinkCode } from '../../src/shell/sign-in-redirect.ts';
import * as v from 'valibot';

/** A tab's sessionStorage, for Node. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('inAppPath: where any sign-in may go on to (issue 26)', () => {
  it.each(['/en/profile/family', '/en/profile/family?adminEmail=a%40b.c&familyRef=F1', '/'])('accepts the path of this site %s', (path) => {
    expect(inAppPath(path)).toBe(path);
    expect(v.parse(RedirectSearchSchema, { redirect: path }).redirect).toBe(path);
  });

  it.each(['//example.com/x', '/\\example.com', 'https://example.com/', 'javascript:alert(1)', 'en/profile', '', `/${'a'.repeat(2000)}`])('refuses %s', (path) => {
    expect(inAppPath(path)).toBeUndefined();
    expect(v.parse(RedirectSearchSchema, { redirect: path }).redirect).toBeUndefined();
  });

  it('refuses what is not text', () => {
    expect(inAppPath(undefined)).toBeUndefined();
    expect(inAppPath(42)).toBeUndefined();
  });
});

describe('signInRedirect: a link code never rides in the login redirect (issue 26 item 8)', () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', memoryStorage());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps the page and its other values, sets the code aside, and gives it back once', () => {
    // The router reads 991635 as a number: it is neither JSON-quoted nor left in the address.
    const redirect = signInRedirect({ pathname: '/en/profile/family', search: { adminEmail: 'mama@example.com', familyRef: 'J7XTH72G', code: 991635 } });
    expect(redirect).toBe('/en/profile/family?adminEmail=mama%40example.com&familyRef=J7XTH72G');
    expect(redirect).not.toContain('991635');
    expect(takeLinkCode()).toBe('991635');
    expect(takeLinkCode()).toBeUndefined();
  });

  it('a code with a leading zero stays the text it was', () => {
    signInRedirect({ pathname: '/en/profile/family', search: { familyRef: 'F1', code: '012345' } });
    expect(takeLinkCode()).toBe('012345');
  });

  it('a page without a code is the path with its values', () => {
    expect(signInRedirect({ pathname: '/en/profile/security', search: {} })).toBe('/en/profile/security');
    expect(signInRedirect({ pathname: '/en/profile/family', search: { screen: 'create', empty: undefined } })).toBe('/en/profile/family?screen=create');
    expect(takeLinkCode()).toBeUndefined();
  });

  it('without storage the redirect still carries no code', () => {
    vi.stubGlobal('sessionStorage', undefined);
    expect(signInRedirect({ pathname: '/en/profile/family', search: { familyRef: 'F1', code: 991635 } })).toBe('/en/profile/family?familyRef=F1');
    expect(takeLinkCode()).toBeUndefined();
  });
});
