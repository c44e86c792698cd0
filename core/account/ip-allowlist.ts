import ipaddr from 'ipaddr.js'
import { InvalidParameter } from '../shared/errors.js'
import { err, ok, type Result } from '../shared/result.js'

/** At most this many entries on one key's allowlist. */
export const MAX_ALLOWLIST_ENTRIES = 100

type Range = readonly [ipaddr.IPv4 | ipaddr.IPv6, number]

/** An IPv4-mapped IPv6 address (`::ffff:203.0.113.7`, what a dual-stack socket reports) as its IPv4 address. */
const unmapped = (address: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 =>
  address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()
    ? (address as ipaddr.IPv6).toIPv4Address()
    : address

/** One entry: an address (a range of one) or a CIDR range, IPv4 or IPv6. */
const parseEntry = (entry: string): Range | null => {
  try {
    if (entry.includes('/')) {
      const [address, bits] = ipaddr.parseCIDR(entry)
      return [unmapped(address), address.kind() === 'ipv6' && unmapped(address).kind() === 'ipv4' ? bits - 96 : bits]
    }
    if (!ipaddr.isValid(entry)) return null
    const address = unmapped(ipaddr.parse(entry))
    return [address, address.kind() === 'ipv4' ? 32 : 128]
  } catch {
    return null
  }
}

/**
 * Checks an allowlist given to a key and writes each entry in its normal form
 * (`2001:db8::/32`, `203.0.113.0/24`, `198.51.100.7`); a bad entry names its index.
 * A range written with host bits set (`203.0.113.7/24`) is refused: it is almost
 * always a typo for the address or for the network.
 */
export const normalizeAllowlist = (
  entries: readonly string[],
  param = 'allowed_ips',
): Result<string[], InvalidParameter> => {
  if (entries.length > MAX_ALLOWLIST_ENTRIES)
    return err(new InvalidParameter({ param, message: `At most ${MAX_ALLOWLIST_ENTRIES} entries.` }))
  const normalized: string[] = []
  for (const [index, entry] of entries.entries()) {
    const range = parseEntry(entry.trim())
    if (range === null)
      return err(
        new InvalidParameter({
          param: `${param}[${index}]`,
          message: `'${entry.slice(0, 64)}' is not an IPv4 or IPv6 address or CIDR range.`,
        }),
      )
    const [address, bits] = range
    const full = address.kind() === 'ipv4' ? 32 : 128
    const network =
      address.kind() === 'ipv4'
        ? ipaddr.IPv4.networkAddressFromCIDR(`${address}/${bits}`)
        : ipaddr.IPv6.networkAddressFromCIDR(`${address}/${bits}`)
    if (network.toString() !== address.toString())
      return err(
        new InvalidParameter({
          param: `${param}[${index}]`,
          message: `'${entry.slice(0, 64)}' has host bits set; write the network (${network.toString()}/${bits}) or the single address.`,
        }),
      )
    normalized.push(bits === full ? address.toString() : `${address.toString()}/${bits}`)
  }
  return ok([...new Set(normalized)])
}

/**
 * Whether a client address is on an allowlist of normalized entries. An address
 * that does not parse is on no list.
 */
export const isAllowed = (allowlist: readonly string[], clientAddress: string): boolean => {
  if (!ipaddr.isValid(clientAddress)) return false
  const client = unmapped(ipaddr.parse(clientAddress))
  return allowlist.some((entry) => {
    const range = parseEntry(entry)
    if (range === null || range[0].kind() !== client.kind()) return false
    return client.match(range[0] as never, range[1])
  })
}
