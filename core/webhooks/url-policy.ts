import ipaddr from 'ipaddr.js'
import type { DnsResolverPort } from '../ports/dns-resolver.js'
import { InvalidParameter } from '../shared/errors.js'
import { err, ok, type Result } from '../shared/result.js'

/** ipaddr.js range names that are never a public receiver. */
const NON_PUBLIC_RANGES = new Set([
  'unspecified',
  'broadcast',
  'multicast',
  'linkLocal',
  'loopback',
  'carrierGradeNat',
  'private',
  'reserved',
  'uniqueLocal',
  'ipv4Mapped',
  'rfc6145',
  'rfc6052',
  '6to4',
  'teredo',
  'benchmarking',
  'amt',
  'as112',
  'as112v6',
  'orchid2',
  'droneRemoteIdProtocolEntityTags',
  'discard',
])

/** True for an address a production webhook may be delivered to. */
export const isPublicAddress = (address: string): boolean => {
  if (!ipaddr.isValid(address)) return false
  const parsed = ipaddr.parse(address)
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6
    if (v6.isIPv4MappedAddress()) return isPublicAddress(v6.toIPv4Address().toString())
  }
  return !NON_PUBLIC_RANGES.has(parsed.range())
}

const isLoopback = (address: string): boolean => ipaddr.isValid(address) && ipaddr.parse(address).range() === 'loopback'

/** Where a delivery may connect: the checked addresses (connect to these, not to a new lookup: DNS rebinding). */
export interface ApprovedTarget {
  readonly url: URL
  readonly addresses: readonly string[]
}

/**
 * Production: an absolute https URL whose host resolves only to public
 * addresses. Sandbox: http too, and loopback, so integrators can receive on
 * their laptop (private networks stay refused). Checked at creation and again
 * before every delivery.
 */
export const checkEndpointUrl = async (
  raw: string,
  livemode: boolean,
  dns: DnsResolverPort,
  param = 'url',
): Promise<Result<ApprovedTarget, InvalidParameter>> => {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return err(
      new InvalidParameter({ param, message: 'Expected an absolute URL such as https://example.com/webhooks.' }),
    )
  }
  const allowedProtocols = livemode ? ['https:'] : ['https:', 'http:']
  if (!allowedProtocols.includes(url.protocol)) {
    return err(
      new InvalidParameter({
        param,
        message: livemode ? 'Production webhook endpoints must use https.' : 'Webhook endpoints use http or https.',
      }),
    )
  }
  if (url.username !== '' || url.password !== '')
    return err(new InvalidParameter({ param, message: 'Credentials in the URL are not accepted.' }))
  const host = url.hostname.replace(/^\[|\]$/g, '')
  let addresses: readonly string[]
  if (ipaddr.isValid(host)) addresses = [ipaddr.parse(host).toString()]
  else {
    try {
      addresses = await dns.resolve(host)
    } catch {
      addresses = []
    }
  }
  if (addresses.length === 0) return err(new InvalidParameter({ param, message: `The host ${host} does not resolve.` }))
  const refused = addresses.find((address) => !(isPublicAddress(address) || (!livemode && isLoopback(address))))
  if (refused !== undefined) {
    return err(
      new InvalidParameter({
        param,
        message: `The host ${host} resolves to a non-public address (${refused}); webhooks go to public addresses${livemode ? '' : ' or, on the sandbox, loopback'}.`,
      }),
    )
  }
  return ok({ url, addresses })
}
