// The key a client address is counted under. An IPv4 address counts as itself (an IPv4-mapped IPv6
// address as its IPv4 form); an IPv6 address counts by its /64 network, because one host is
// routinely handed a whole /64 and could otherwise take a fresh budget for every address in it.
import { isIPv6 } from 'node:net';

function expandIPv6(address: string): string[] | null {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail !== undefined && tail !== '' ? tail.split(':') : [];
  if (tail === undefined && left.length !== 8) return null;
  const missing = 8 - left.length - right.length;
  if (missing < 0) return null;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((g) => g.toLowerCase().padStart(4, '0'));
}

export function addressKey(ip: string): string {
  const bare = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  if (mapped) return mapped[1]!;
  if (!isIPv6(bare)) return bare;
  const groups = expandIPv6(bare);
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : bare;
}
