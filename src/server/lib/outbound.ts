import dns from 'node:dns';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Every request the server makes to an address a member or an admin gave it (today: Web Push
 * endpoints) goes through here, so it can never be turned against this machine or its network
 * (issue 32 §2). Two checks:
 *
 * - when the address is stored: `https:` on a host the operator allows (`isAllowedHost`);
 * - when connecting: the address actually connected to must be public (`publicOnlyAgent`). The
 *   check sits in the connection's own DNS lookup, so a name that resolved to a public address
 *   when it was checked and to 127.0.0.1 a moment later (DNS rebinding) is refused too: there is
 *   no second lookup between the check and the connection.
 */

/**
 * The Web Push services browsers use: Chrome and Edge's FCM, Firefox's autopush, Safari's APNs
 * web push, and Windows' WNS. A pattern starting with `*.` (or `.`) matches any name below that
 * domain; any other pattern, that one name.
 */
export const DEFAULT_PUSH_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

/** `hostname` (as `new URL()` gives it, lower case) matches one of the patterns. */
export function isAllowedHost(hostname: string, patterns: readonly string[]): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return patterns.some((pattern) => {
    const wanted = pattern.toLowerCase();
    // `*.example.com` and `.example.com`: any name below example.com (not example.com itself).
    if (wanted.startsWith('*.') || wanted.startsWith('.')) return host.endsWith(wanted.replace(/^\*/, ''));
    return host === wanted;
  });
}

/**
 * Why `url` may not be stored as a place the server sends to, or null when it may: it must be an
 * https URL without credentials whose host is on the operator's list.
 */
export function outboundUrlProblem(url: string, allowedHosts: readonly string[]): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'must be a URL';
  }
  if (parsed.protocol !== 'https:') return 'must be an https:// URL';
  if (parsed.username || parsed.password) return 'must not carry a user name or password';
  // The URL parser has already turned `127.1`, `2130706433` and `0x7f.1` into 127.0.0.1, so a
  // disguised address cannot match a name on the list.
  if (!isAllowedHost(parsed.hostname, allowedHosts)) {
    return `must be on a known push service (${parsed.hostname} is not on this site's list)`;
  }
  return null;
}

/**
 * A public unicast address: not loopback, private, link-local, multicast, unspecified, carrier
 * NAT, documentation, reserved... (ipaddr.js names every special range; only 'unicast' is the
 * public Internet). IPv4-mapped IPv6 (`::ffff:127.0.0.1`) is judged as the IPv4 address it is.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return false;
  return ipaddr.process(bare).range() === 'unicast';
}

export class OutboundRefusedError extends Error {
  readonly code = 'EOUTBOUNDREFUSED';
  constructor(host: string, address: string) {
    super(`Refused to connect to ${host}: ${address} is not a public address`);
    this.name = 'OutboundRefusedError';
  }
}

type LookupAddress = { address: string; family: number };
type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * `dns.lookup` for a connection, refusing when any address the name resolves to is not public
 * (one private answer among public ones is enough to refuse: the connection might pick it).
 */
export function publicOnlyLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback) {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused) return callback(new OutboundRefusedError(hostname, refused.address), []);
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    if (!first)
      return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
    return callback(null, first.address, first.family);
  });
}

/**
 * An https.Agent whose connections only reach public addresses: names through
 * `publicOnlyLookup`, and an address written in the URL (where no lookup happens) checked
 * before connecting. `options` are https.Agent's own (tests add a `ca`).
 */
export function publicOnlyAgent(options: https.AgentOptions = {}): https.Agent {
  return new PublicOnlyAgent({ ...options, lookup: publicOnlyLookup as net.LookupFunction });
}

class PublicOnlyAgent extends https.Agent {
  override createConnection(
    options: Parameters<https.Agent['createConnection']>[0],
    callback?: Parameters<https.Agent['createConnection']>[1],
  ) {
    const host = String((options as { host?: string }).host ?? '').replace(/^\[|\]$/g, '');
    if (net.isIP(host) !== 0 && !isPublicAddress(host)) {
      // A socket that fails before connecting: the request reports the refusal as its error.
      const socket = new net.Socket();
      process.nextTick(() => socket.destroy(new OutboundRefusedError(host, host)));
      return socket;
    }
    return super.createConnection(options, callback);
  }
}
