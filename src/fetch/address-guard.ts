/**
 * The private-address guard (SSRF protection). A target is refused when any address its host
 * resolves to is private, loopback, link-local, multicast, unspecified, CGNAT, unique-local,
 * reserved, cloud metadata, or an IPv6 form embedding one of those (IPv4-mapped, NAT64, 6to4),
 * unless the operator allows it (`allowPrivateTargets`: true, or a list of hosts / IPs / CIDRs).
 *
 * The checks here are pure; `resolveChecked` does the DNS lookup and `guardedLookup` is the
 * `lookup` undici's connector uses, so the socket connects to an address that was checked
 * (no DNS-rebinding window between the check and the connect).
 */
import dns from 'node:dns';
import net from 'node:net';

export type AllowPrivateTargets = boolean | readonly string[];

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (dns.promises.lookup with all: true by default). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const found = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/** Thrown (and passed through undici's connector) when a target resolves to a refused address. */
export class PrivateAddressError extends Error {
  readonly code = 'QUARRY_PRIVATE_ADDRESS';
  constructor(
    readonly hostname: string,
    readonly address: string,
  ) {
    super(hostname === address ? `${address} is a private address` : `${hostname} resolves to a private address (${address})`);
    this.name = 'PrivateAddressError';
  }
}

type Range = readonly [bytes: readonly number[], prefix: number];

const V4_REFUSED: Range[] = [
  [[0, 0, 0, 0], 8], // "this network", includes the unspecified 0.0.0.0
  [[10, 0, 0, 0], 8], // private
  [[100, 64, 0, 0], 10], // CGNAT (also Alibaba's metadata 100.100.100.200)
  [[127, 0, 0, 0], 8], // loopback
  [[169, 254, 0, 0], 16], // link-local, includes cloud metadata 169.254.169.254
  [[172, 16, 0, 0], 12], // private
  [[192, 0, 0, 0], 24], // IETF protocol assignments (Oracle metadata 192.0.0.192)
  [[192, 168, 0, 0], 16], // private
  [[198, 18, 0, 0], 15], // benchmarking
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved, includes broadcast 255.255.255.255
];

const V6_REFUSED: Range[] = [
  [bytes6('::'), 128], // unspecified
  [bytes6('::1'), 128], // loopback
  [bytes6('100::'), 64], // discard-only
  [bytes6('fc00::'), 7], // unique-local, includes AWS metadata fd00:ec2::254
  [bytes6('fe80::'), 10], // link-local
  [bytes6('fec0::'), 10], // site-local (deprecated, still routed internally)
  [bytes6('ff00::'), 8], // multicast
];

function parseV4(ip: string): number[] {
  return ip.split('.').map(Number);
}

/** 16 bytes of an IPv6 address (zone id dropped, embedded dotted IPv4 tail supported). */
function bytes6(ip: string): number[] {
  let text = ip.split('%')[0];
  let tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.', lastColon)) {
    tail = parseV4(text.slice(lastColon + 1));
    text = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const [head, rest] = text.includes('::') ? text.split('::') : [text, undefined];
  const headGroups = head ? head.split(':') : [];
  const restGroups = rest ? rest.split(':') : [];
  const zeros = rest === undefined ? 0 : 8 - headGroups.length - restGroups.length;
  const groups = [...headGroups, ...Array<string>(zeros).fill('0'), ...restGroups].map((g) => parseInt(g, 16));
  const bytes = groups.flatMap((g) => [g >> 8, g & 0xff]);
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

function inRange(bytes: readonly number[], [base, prefix]: Range): boolean {
  if (bytes.length !== base.length) return false;
  for (let bit = 0; bit < prefix; bit += 8) {
    const i = bit / 8;
    const width = Math.min(8, prefix - bit);
    const mask = (0xff << (8 - width)) & 0xff;
    if ((bytes[i] & mask) !== (base[i] & mask)) return false;
  }
  return true;
}

const startsWith = (bytes: number[], prefix: number[]) => prefix.every((b, i) => bytes[i] === b);

/** The IPv4 address an IPv6 address carries (mapped, compatible, NAT64, 6to4), if any. */
function embeddedV4(bytes: number[]): number[] | null {
  const mapped = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];
  const compatible = Array<number>(12).fill(0);
  const nat64 = [0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0];
  if (startsWith(bytes, mapped) || startsWith(bytes, compatible) || startsWith(bytes, nat64)) return bytes.slice(12);
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return bytes.slice(2, 6); // 6to4 2002::/16
  return null;
}

/** Strips the brackets of an IPv6 URL host (`[::1]` -> `::1`). */
export function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/**
 * Whether an IP address is one the guard refuses by default. A string that is not an IP
 * address is treated as refused, so a caller can never slip a host name through.
 */
export function isPrivateAddress(ip: string): boolean {
  const address = bareHost(ip);
  const kind = net.isIP(address.split('%')[0]);
  if (kind === 4) return V4_REFUSED.some((r) => inRange(parseV4(address), r));
  if (kind !== 6) return true;
  const bytes = bytes6(address);
  if (V6_REFUSED.some((r) => inRange(bytes, r))) return true;
  const v4 = embeddedV4(bytes);
  return v4 !== null && V4_REFUSED.some((r) => inRange(v4, r));
}

/** An IPv4-mapped IPv6 address as dotted IPv4, so allowlist entries match either form. */
function canonicalIp(ip: string): { kind: 4 | 6; bytes: number[] } | null {
  const address = bareHost(ip).split('%')[0];
  const kind = net.isIP(address);
  if (kind === 4) return { kind: 4, bytes: parseV4(address) };
  if (kind !== 6) return null;
  const bytes = bytes6(address);
  if (startsWith(bytes, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff])) return { kind: 4, bytes: bytes.slice(12) };
  return { kind: 6, bytes };
}

function entryMatchesAddress(entry: string, ip: string): boolean {
  const [base, prefixText] = entry.split('/');
  const target = canonicalIp(ip);
  const range = canonicalIp(base);
  if (!target || !range || target.kind !== range.kind) return false;
  const full = target.kind === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? full : Number(prefixText) - (range.bytes.length === 4 && net.isIPv6(bareHost(base)) ? 96 : 0);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > full) return false;
  return inRange(target.bytes, [range.bytes, prefix]);
}

function entryMatchesHost(entry: string, hostname: string): boolean {
  const host = bareHost(hostname).toLowerCase();
  const wanted = entry.toLowerCase();
  if (wanted.startsWith('*.')) return host.endsWith(wanted.slice(1));
  return host === wanted;
}

/**
 * Whether a fetch may go to `ip` (resolved from `hostname`, when known): public addresses always,
 * refused ones only when `allow` is true or an allowlist entry (IP, CIDR, host name or `*.domain`)
 * matches.
 */
export function checkAddress(ip: string, allow: AllowPrivateTargets, hostname?: string): boolean {
  if (!isPrivateAddress(ip)) return true;
  if (allow === true) return true;
  if (allow === false) return false;
  return allow.some((raw) => {
    const entry = raw.trim();
    if (!entry) return false;
    if (entry.includes('/') || net.isIP(bareHost(entry))) return entryMatchesAddress(entry, ip);
    return hostname !== undefined && entryMatchesHost(entry, hostname);
  });
}

/**
 * Addresses recently checked by `resolveChecked`, reused by the connector's lookup so the
 * socket goes to exactly what was checked. Short-lived: a stale entry only costs a new lookup.
 */
export class CheckedAddresses {
  readonly #entries = new Map<string, { addresses: ResolvedAddress[]; expires: number }>();
  constructor(
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 1_000,
  ) {}

  get(hostname: string): ResolvedAddress[] | undefined {
    const entry = this.#entries.get(hostname);
    if (!entry || entry.expires < Date.now()) return undefined;
    return entry.addresses;
  }

  set(hostname: string, addresses: ResolvedAddress[]): void {
    if (this.#entries.size >= this.maxEntries) this.#entries.delete(this.#entries.keys().next().value as string);
    this.#entries.set(hostname, { addresses, expires: Date.now() + this.ttlMs });
  }
}

/** Resolves a host and checks every address; throws PrivateAddressError when one is refused. */
export async function resolveChecked(
  hostname: string,
  allow: AllowPrivateTargets,
  resolver: Resolver,
): Promise<ResolvedAddress[]> {
  const host = bareHost(hostname);
  const literal = net.isIP(host);
  const addresses: ResolvedAddress[] = literal ? [{ address: host, family: literal === 6 ? 6 : 4 }] : await resolver(host);
  if (addresses.length === 0) throw Object.assign(new Error(`${host} has no addresses`), { code: 'ENOTFOUND' });
  // Every address is checked, not just the first: a host mixing public and private answers
  // could otherwise be steered to the private one by the connector.
  for (const { address } of addresses) {
    if (!checkAddress(address, allow, host)) throw new PrivateAddressError(host, address);
  }
  return addresses;
}


/**
 * A `net.connect` lookup that only ever hands out checked addresses: the ones `resolveChecked`
 * just stored, or a fresh resolution checked the same way. Handles both callback shapes
 * (`all: true` is used by Node's happy-eyeballs connect).
 */
export function guardedLookup(allow: AllowPrivateTargets, resolver: Resolver, checked: CheckedAddresses): net.LookupFunction {
  return (hostname, options, callback) => {
    const cached = checked.get(hostname);
    const pending = cached ? Promise.resolve(cached) : resolveChecked(hostname, allow, resolver);
    pending.then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
        if (wanted.length === 0) return callback(Object.assign(new Error(`No usable address for ${hostname}`), { code: 'ENOTFOUND' }), '');
        if (options.all) return callback(null, wanted);
        return callback(null, wanted[0].address, wanted[0].family);
      },
      (err: NodeJS.ErrnoException) => callback(err, ''),
    );
  };
}
