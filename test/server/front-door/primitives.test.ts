import { describe, expect, it } from 'vitest';
import { addressGroup } from '../../../server/domain/address-group.ts';
import { deviceIdFor, deviceTokens, DEVICE_TOKENS_KEPT, rememberDevice } from '../../../server/domain/device-cookie.ts';
import { RefusalMemory } from '../../../server/domain/refusal-memory.ts';

describe('addressGroup', () => {
  it('keeps an IPv4 address whole', () => {
    expect(addressGroup('203.0.113.7')).toBe('203.0.113.7');
  });
  it('counts every address of one IPv6 /64 together', () => {
    expect(addressGroup('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:0DB8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('[2001:db8:1:2:aaaa::5]')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:db8:1:3::1')).not.toBe(addressGroup('2001:db8:1:2::1'));
  });
  it('expands a compressed prefix', () => {
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('2001:db8::')).toBe('2001:db8:0:0::/64');
  });
  it('reads an IPv4-mapped address as the IPv4 address', () => {
    expect(addressGroup('::ffff:198.51.100.2')).toBe('198.51.100.2');
  });
  it('leaves what is not an address as it is', () => {
    expect(addressGroup('unknown')).toBe('unknown');
  });
});

describe('RefusalMemory', () => {
  it('answers a remembered refusal until its end, then forgets it', () => {
    const memory = new RefusalMemory();
    memory.remember('a', 2_000);
    expect(memory.refusedUntil('a', 1_000)).toBe(2_000);
    expect(memory.refusedUntil('a', 2_000)).toBeNull();
    expect(memory.size).toBe(0);
  });
  it('keeps the later of two ends and forgets on success', () => {
    const memory = new RefusalMemory();
    memory.remember('a', 5_000);
    memory.remember('a', 3_000);
    expect(memory.refusedUntil('a', 0)).toBe(5_000);
    memory.forget('a');
    expect(memory.refusedUntil('a', 0)).toBeNull();
  });
  it('holds at most its bound of keys, dropping the oldest', () => {
    const memory = new RefusalMemory(3);
    for (const key of ['a', 'b', 'c', 'd']) memory.remember(key, 10_000);
    expect(memory.size).toBe(3);
    expect(memory.refusedUntil('a', 0)).toBeNull();
    expect(memory.refusedUntil('d', 0)).toBe(10_000);
  });
});

describe('device cookies', () => {
  const secret = 'test-secret';
  it('names the device for the account it was issued to, and for no other', () => {
    const cookie = rememberDevice(secret, undefined, 'user-1');
    const id = deviceIdFor(secret, cookie, 'user-1');
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(deviceIdFor(secret, cookie, 'user-2')).toBeNull();
    expect(deviceIdFor('another-secret', cookie, 'user-1')).toBeNull();
  });
  it('keeps the device id across sign-ins and holds several accounts, newest first', () => {
    const first = rememberDevice(secret, undefined, 'user-1');
    const both = rememberDevice(secret, first, 'user-2');
    const again = rememberDevice(secret, both, 'user-1');
    expect(deviceIdFor(secret, again, 'user-1')).toBe(deviceIdFor(secret, first, 'user-1'));
    expect(deviceIdFor(secret, again, 'user-2')).toBe(deviceIdFor(secret, both, 'user-2'));
    expect(deviceTokens(secret, again)).toHaveLength(2);
  });
  it('keeps at most the last accounts of the browser', () => {
    let cookie: string | undefined;
    for (let index = 0; index <= DEVICE_TOKENS_KEPT; index += 1) cookie = rememberDevice(secret, cookie, `user-${index}`);
    expect(deviceTokens(secret, cookie)).toHaveLength(DEVICE_TOKENS_KEPT);
    expect(deviceIdFor(secret, cookie, 'user-0')).toBeNull();
  });
  it('ignores a forged or malformed cookie', () => {
    expect(deviceIdFor(secret, 'x'.repeat(5000), 'user-1')).toBeNull();
    expect(deviceIdFor(secret, `${'a'.repeat(22)}.${'b'.repeat(43)}`, 'user-1')).toBeNull();
    expect(deviceIdFor(secret, `${'a'.repeat(22)}.${'c'.repeat(22)}.${'b'.repeat(43)}`, 'user-1')).toBeNull();
  });
  it('tells genuine tokens from made-up ones before the account is known', () => {
    const genuine = rememberDevice(secret, undefined, 'user-1');
    const madeUp = `${'a'.repeat(22)}.${'c'.repeat(22)}.${'b'.repeat(43)}`;
    expect(deviceTokens(secret, `${madeUp}~${genuine}`)).toEqual([genuine]);
    expect(deviceTokens('another-secret', genuine)).toEqual([]);
  });
});
