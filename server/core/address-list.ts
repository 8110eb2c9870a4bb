import { BlockList, isIP } from 'node:net';

/** The loopback addresses: what METRICS_ALLOW means when it is not set. */
export const LOOPBACK = ['127.0.0.0/8', '::1'] as const;

/**
 * Addresses and CIDR ranges ("10.0.0.5", "10.0.0.0/8", "fd00::/8"); IPv4 clients seen as IPv4-mapped IPv6
 * (::ffff:10.0.0.5, a dual-stack listener) match the IPv4 entries.
 */
export class AddressList {
  private readonly list = new BlockList();

  /** Throws an Error naming the first entry that is neither an address nor a CIDR range. */
  constructor(readonly entries: readonly string[]) {
    for (const entry of entries) {
      const [address = '', bits, extra] = entry.split('/');
      const family = isIP(address);
      const prefix = bits === undefined ? undefined : Number(bits);
      const maxBits = family === 6 ? 128 : 32;
      if (
        family === 0 ||
        extra !== undefined ||
        (prefix !== undefined && !(Number.isInteger(prefix) && prefix >= 0 && prefix <= maxBits && bits !== ''))
      ) {
        throw new Error(`"${entry}" is not an address or a CIDR range such as 10.0.0.0/8`);
      }
      const type = family === 6 ? 'ipv6' : 'ipv4';
      if (prefix === undefined) this.list.addAddress(address, type);
      else this.list.addSubnet(address, prefix, type);
    }
  }

  has(address: string): boolean {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    const plain = mapped ? mapped[1]! : address;
    const family = isIP(plain);
    if (family === 0) return false;
    return this.list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  }
}

/** METRICS_ALLOW: unset = loopback only; "none" = no address (token only); else a comma-separated list. */
export function parseAllowList(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') return [...LOOPBACK];
  if (raw.trim().toLowerCase() === 'none') return [];
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}
