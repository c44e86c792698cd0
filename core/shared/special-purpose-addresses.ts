import ipaddr from 'ipaddr.js'

/**
 * The IANA IPv4 and IPv6 Special-Purpose Address Registries, with multicast and the deprecated ranges
 * (site-local, IPv4-compatible) added: written out as data, so the list can be checked against the registries
 * line by line. None of these is a place a server of ours should connect to on a customer's behalf.
 */
export const SPECIAL_PURPOSE_RANGES: readonly { readonly cidr: string; readonly name: string }[] = [
  { cidr: '0.0.0.0/8', name: 'this network' },
  { cidr: '10.0.0.0/8', name: 'private use' },
  { cidr: '100.64.0.0/10', name: 'shared address space (carrier-grade NAT)' },
  { cidr: '127.0.0.0/8', name: 'loopback' },
  { cidr: '169.254.0.0/16', name: 'link local (cloud metadata)' },
  { cidr: '172.16.0.0/12', name: 'private use' },
  { cidr: '192.0.0.0/24', name: 'IETF protocol assignments' },
  { cidr: '192.0.2.0/24', name: 'documentation (TEST-NET-1)' },
  { cidr: '192.31.196.0/24', name: 'AS112-v4' },
  { cidr: '192.52.193.0/24', name: 'AMT' },
  { cidr: '192.88.99.0/24', name: 'deprecated 6to4 relay anycast' },
  { cidr: '192.168.0.0/16', name: 'private use' },
  { cidr: '192.175.48.0/24', name: 'direct delegation AS112 service' },
  { cidr: '198.18.0.0/15', name: 'benchmarking' },
  { cidr: '198.51.100.0/24', name: 'documentation (TEST-NET-2)' },
  { cidr: '203.0.113.0/24', name: 'documentation (TEST-NET-3)' },
  { cidr: '224.0.0.0/4', name: 'multicast' },
  { cidr: '240.0.0.0/4', name: 'reserved' },
  { cidr: '255.255.255.255/32', name: 'limited broadcast' },
  { cidr: '::/128', name: 'unspecified' },
  { cidr: '::1/128', name: 'loopback' },
  { cidr: '::/96', name: 'IPv4-compatible (deprecated)' },
  { cidr: '::ffff:0:0/96', name: 'IPv4-mapped' },
  { cidr: '64:ff9b::/96', name: 'IPv4/IPv6 translation (NAT64)' },
  { cidr: '64:ff9b:1::/48', name: 'local-use IPv4/IPv6 translation' },
  { cidr: '100::/64', name: 'discard-only' },
  { cidr: '100:0:0:1::/64', name: 'dummy IPv6 prefix' },
  { cidr: '2001::/23', name: 'IETF protocol assignments (Teredo, benchmarking, AMT, AS112, ORCHID, DRIP, anycast)' },
  { cidr: '2001:db8::/32', name: 'documentation' },
  { cidr: '2002::/16', name: '6to4' },
  { cidr: '2620:4f:8000::/48', name: 'direct delegation AS112 service' },
  { cidr: '3fff::/20', name: 'documentation' },
  { cidr: '5f00::/16', name: 'segment routing (SRv6) SIDs' },
  { cidr: 'fc00::/7', name: 'unique local' },
  { cidr: 'fe80::/10', name: 'link local' },
  { cidr: 'fec0::/10', name: 'site local (deprecated)' },
  { cidr: 'ff00::/8', name: 'multicast' },
]

const PARSED_RANGES = SPECIAL_PURPOSE_RANGES.map(({ cidr }) => ipaddr.parseCIDR(cidr))
const IPV4_MAPPED = ipaddr.parseCIDR('::ffff:0:0/96')
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96')
// IANA hands out IPv6 unicast from 2000::/3 only; anything else is reserved, whether or not listed above.
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3')
const LOOPBACK = [ipaddr.parseCIDR('127.0.0.0/8'), ipaddr.parseCIDR('::1/128')]

const inRange = (address: ipaddr.IPv4 | ipaddr.IPv6, range: [ipaddr.IPv4 | ipaddr.IPv6, number]): boolean =>
  address.kind() === range[0].kind() && address.match(range)

/** The IPv4 address inside an IPv4-mapped (`::ffff:a.b.c.d`) or NAT64 (`64:ff9b::a.b.c.d`) address, else null. */
const embeddedIpv4 = (address: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | null => {
  if (address.kind() !== 'ipv6' || !(inRange(address, IPV4_MAPPED) || inRange(address, NAT64))) return null
  const bytes = address.toByteArray()
  return new ipaddr.IPv4(bytes.slice(12))
}

/**
 * True for an address a server may connect to on a customer's behalf: a valid IP address outside every
 * special-purpose range (and, for IPv6, inside global unicast). An IPv4-mapped or NAT64 address is judged by
 * the IPv4 address it carries; 6to4 and Teredo are refused whatever they carry.
 */
export const isPublicAddress = (address: string): boolean => {
  if (!ipaddr.isValid(address)) return false
  const parsed = ipaddr.parse(address)
  const embedded = embeddedIpv4(parsed)
  if (embedded !== null) return isPublicAddress(embedded.toString())
  if (parsed.kind() === 'ipv6' && !inRange(parsed, GLOBAL_UNICAST_V6)) return false
  return !PARSED_RANGES.some((range) => inRange(parsed, range))
}

/** True for a loopback address (`127.0.0.0/8`, `::1`, or IPv4-mapped loopback): this machine. */
export const isLoopbackAddress = (address: string): boolean => {
  if (!ipaddr.isValid(address)) return false
  const parsed = ipaddr.parse(address)
  // Only the mapped form reaches this machine; a NAT64 gateway does not translate to loopback.
  const target = (inRange(parsed, IPV4_MAPPED) ? embeddedIpv4(parsed) : null) ?? parsed
  return LOOPBACK.some((range) => inRange(target, range))
}
