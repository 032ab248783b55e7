/**
 * Which webhook URLs are accepted (docs/decisions/126-webhook-address-check.md): https only, a public
 * address only, checked after DNS resolution; the delivery then connects to the address checked, so a
 * name that resolves elsewhere a moment later (DNS rebinding) cannot reach an inside address.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (stubbed in tests). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

export interface AddressPolicy {
  resolve: Resolver;
  /**
   * Tests only (WEBHOOK_TEST_LOOPBACK): http:// and https:// to a loopback
   * address, where the tests' receivers listen. Every other non-public address stays refused.
   */
  allowLoopback: boolean;
}

/**
 * Address ranges that are not the public internet (IANA special-purpose registries), one list per
 * family: a BlockList matches an IPv4 address against IPv6 rules as IPv4-mapped.
 */
const NOT_PUBLIC_V4 = new BlockList();
const NOT_PUBLIC_V6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC_V4.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127], // unspecified and loopback
  ['::ffff:0:0', 96], // IPv4-mapped: would reach an IPv4 address unchecked
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments, Teredo
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local
  ['ff00::', 8], // multicast
] as const) {
  NOT_PUBLIC_V6.addSubnet(network, prefix, 'ipv6');
}

const LOOPBACK_V4 = new BlockList();
LOOPBACK_V4.addSubnet('127.0.0.0', 8, 'ipv4');

export function isPublicAddress({ address, family }: ResolvedAddress): boolean {
  return family === 6 ? !NOT_PUBLIC_V6.check(address, 'ipv6') : !NOT_PUBLIC_V4.check(address, 'ipv4');
}

const isLoopback = ({ address, family }: ResolvedAddress) =>
  family === 6 ? new URL(`http://[${address}]`).hostname === '[::1]' : LOOPBACK_V4.check(address, 'ipv4');

/** An accepted URL and the address to connect to; or why it is refused, in words for the account. */
export type AddressCheck = { ok: true; url: URL; address: ResolvedAddress } | { ok: false; detail: string };

const refuse = (detail: string): AddressCheck => ({ ok: false, detail });

export async function checkWebhookUrl(raw: string, policy: AddressPolicy): Promise<AddressCheck> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse('The webhook URL is not a valid URL');
  }
  if (url.protocol !== 'https:' && !(policy.allowLoopback && url.protocol === 'http:')) {
    return refuse('The webhook URL must start with https://');
  }
  if (url.username || url.password) return refuse('The webhook URL must not contain a user name or password');
  if (raw.length > 2000) return refuse('The webhook URL is longer than 2,000 characters');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: ResolvedAddress[];
  const literal = isIP(host);
  if (literal !== 0) {
    addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await policy.resolve(host);
    } catch {
      return refuse(`The webhook host ${host} could not be found`);
    }
    if (addresses.length === 0) return refuse(`The webhook host ${host} could not be found`);
  }
  // Every address must pass: a resolver may answer with any of them at connection time.
  for (const address of addresses) {
    if (policy.allowLoopback && isLoopback(address)) continue;
    if (!isPublicAddress(address)) {
      return refuse(
        `The webhook URL must reach a public internet address; ${host} is ${address.address}, a private, loopback, link-local or reserved address`,
      );
    }
  }
  if (url.protocol === 'http:' && !addresses.every(isLoopback)) {
    return refuse('The webhook URL must start with https://');
  }
  return { ok: true, url, address: addresses[0]! };
}
