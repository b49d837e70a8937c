import { isIPv4, isIPv6 } from 'node:net';

/**
 * The group a client address is counted under by every per-address limit
 * (docs/decisions/front-door.md). An IPv4 address is its own group; an IPv6 address counts with its
 * whole /64, because one subscriber is routinely given a /64 and can pick any address in it. An
 * IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, what a dual-stack socket reports) is the IPv4 address.
 * Anything else (`unknown`, a malformed forwarded entry) is returned as it is.
 */
export function addressGroup(address: string): string {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  return `${expandIPv6(bare.split('%')[0] ?? bare).slice(0, 4).join(':')}::/64`;
}

/** The eight hextets of a valid IPv6 address, lower case without leading zeros (an embedded IPv4 tail converted). */
function expandIPv6(address: string): string[] {
  let text = address.toLowerCase();
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = v4[1].split('.').map(Number);
    text = `${text.slice(0, -v4[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...zeros, ...right].map((part) => Number.parseInt(part || '0', 16).toString(16));
}
