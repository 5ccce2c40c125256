import { BlockList, isIP } from 'node:net';

/** `192.168.1.7`, `::1`, `10.0.0.0/8`: one address, or a range in CIDR notation; null when it is neither. */
export const parseAddressRange = (entry: string) => {
  const [address = '', prefixText, ...extra] = entry.trim().split('/');
  const version = isIP(address);
  if (!version || extra.length > 0) return null;
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : Number.NaN;
  if (!(prefix >= 0 && prefix <= max)) return null;
  return { address, prefix, type: version === 4 ? ('ipv4' as const) : ('ipv6' as const) };
};

/**
 * Whether a client address falls in any of `entries` (addresses or CIDR ranges, checked by parseAddressRange
 * beforehand). An IPv4-mapped IPv6 address (`::ffff:127.0.0.1`) matches its IPv4 range.
 */
export const addressMatcher = (entries: string[]) => {
  const ranges = new BlockList();
  for (const entry of entries) {
    const range = parseAddressRange(entry);
    if (!range) throw new Error(`not an address or CIDR range: ${entry}`);
    ranges.addSubnet(range.address, range.prefix, range.type);
  }
  return (address: string | undefined) => {
    const version = address ? isIP(address) : 0;
    return version !== 0 && ranges.check(address!, version === 4 ? 'ipv4' : 'ipv6');
  };
};
