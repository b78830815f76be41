/**
 * Which webhook targets the mock delivers to. Loopback and private addresses stay allowed: the
 * conformance runner, the examples and a partner's test receiver live there. Link-local
 * addresses (169.254.0.0/16, RFC 3927; fe80::/10, RFC 4291 §2.5.6) and cloud metadata endpoints
 * are refused: a mock started with `--host` would otherwise let anyone who reaches it make the
 * machine POST to its own instance metadata service. `allow` (`cbp mock
 * --allow-webhook-target`) lifts the refusal for listed CIDR blocks, addresses or host names.
 *
 * The URL is checked when a subscription is created, and every address its name resolves to
 * when a delivery connects (the connection goes to the address that was checked, so a name that
 * resolves differently later cannot slip through).
 */
import { BlockList, isIP } from 'node:net';
import { CbpError } from '../../lib/errors.js';

/** Host names of cloud metadata services (GCP; AWS and Azure-style short names). */
const METADATA_HOSTS: ReadonlySet<string> = new Set([
  'metadata.google.internal',
  'metadata.goog',
  'metadata',
  'instance-data',
  'instance-data.ec2.internal',
]);

function refusedAddresses(): BlockList {
  const list = new BlockList();
  list.addSubnet('169.254.0.0', 16, 'ipv4'); // link-local, 169.254.169.254 (AWS, GCP, Azure, OCI) included
  list.addSubnet('fe80::', 10, 'ipv6'); // link-local
  list.addSubnet('64:ff9b::a9fe:0', 112, 'ipv6'); // 169.254.0.0/16 through the NAT64 well-known prefix (RFC 6052 §2.1)
  list.addAddress('fd00:ec2::254', 'ipv6'); // AWS metadata over IPv6
  list.addAddress('100.100.100.200', 'ipv4'); // Alibaba Cloud metadata
  return list;
}

export interface WebhookTargetPolicy {
  /** Why `url` may not be subscribed or delivered to, or undefined when it may. */
  refuseUrl(url: URL): string | undefined;
  /** Why a connection for `host` may not go to `address` (a resolved IP), or undefined. */
  refuseAddress(host: string, address: string): string | undefined;
}

const familyOf = (address: string): 'ipv4' | 'ipv6' => (isIP(address) === 6 ? 'ipv6' : 'ipv4');
/** `[::1]` → `::1`; `Metadata.Google.Internal.` → `metadata.google.internal`. */
const bareHost = (hostname: string): string =>
  hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();

/**
 * `allow`: entries of `--allow-webhook-target`, each a CIDR block (`169.254.0.0/16`,
 * `fd00:ec2::/64`), one address, or a host name. A bad entry is a CbpError (E_USAGE).
 */
export function createTargetPolicy(allow: readonly string[] = []): WebhookTargetPolicy {
  const refused = refusedAddresses();
  const allowed = new BlockList();
  const allowedHosts = new Set<string>();
  for (const entry of allow) addAllowEntry(entry, allowed, allowedHosts);

  const refuseAddress = (host: string, address: string): string | undefined => {
    const family = familyOf(address);
    if (!refused.check(address, family)) return undefined;
    if (allowed.check(address, family) || allowedHosts.has(bareHost(host))) return undefined;
    return (
      `${address}${bareHost(host) === address ? '' : ` (${bareHost(host)})`} ` +
      `is a link-local or cloud metadata address`
    );
  };

  return {
    refuseAddress,
    refuseUrl(url) {
      const host = bareHost(url.hostname);
      if (isIP(host) !== 0) return refuseAddress(host, host);
      if (METADATA_HOSTS.has(host) && !allowedHosts.has(host)) return `${host} is a cloud metadata host`;
      return undefined;
    },
  };
}

function addAllowEntry(entry: string, allowed: BlockList, hosts: Set<string>): void {
  const bad = () =>
    new CbpError(
      'E_USAGE',
      `--allow-webhook-target ${JSON.stringify(entry)} is not a CIDR block, an IP address or a host name`,
      {
        hint: 'e.g. --allow-webhook-target 169.254.0.0/16 or --allow-webhook-target metadata.google.internal',
      },
    );
  const slash = entry.indexOf('/');
  if (slash !== -1) {
    const address = entry.slice(0, slash);
    const prefix = entry.slice(slash + 1);
    if (isIP(address) === 0 || !/^\d{1,3}$/.test(prefix)) throw bad();
    try {
      allowed.addSubnet(address, Number(prefix), familyOf(address));
    } catch {
      throw bad();
    }
    return;
  }
  const host = bareHost(entry);
  if (isIP(host) !== 0) allowed.addAddress(host, familyOf(host));
  else if (/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(host)) hosts.add(host);
  else throw bad();
}
