import ipaddr from 'ipaddr.js'
import type { DnsResolverPort } from '../ports/dns-resolver.js'
import { InvalidParameter } from '../shared/errors.js'
import { err, ok, type Result } from '../shared/result.js'
import { isLoopbackAddress, isPublicAddress } from '../shared/special-purpose-addresses.js'

/** Where webhooks may go: the surface, and whether the operator lets the sandbox reach this machine's loopback. */
export interface TargetPolicy {
  readonly livemode: boolean
  /** Sandbox only (production never): loopback targets, for a service run on a developer's machine. */
  readonly sandboxLoopback: boolean
}

/** Where a delivery may connect: the checked addresses (connect to these, not to a new lookup: DNS rebinding). */
export interface ApprovedTarget {
  readonly url: URL
  readonly addresses: readonly string[]
  /** Some address is not public (sandbox loopback): what answers there is not shown, only whether it acknowledged. */
  readonly privateTarget: boolean
  /** The host is an IP literal: nothing was looked up, so the same URL and policy always get this answer. */
  readonly literal: boolean
}

/**
 * Production: an absolute https URL whose host resolves only to public
 * addresses. Sandbox: http too, and loopback when the operator allows it, so
 * integrators can receive on their laptop (other special-purpose ranges stay
 * refused). Checked at creation and again before every delivery.
 */
export const checkEndpointUrl = async (
  raw: string,
  policy: TargetPolicy,
  dns: DnsResolverPort,
  param = 'url',
): Promise<Result<ApprovedTarget, InvalidParameter>> => {
  const { livemode } = policy
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
  const literal = ipaddr.isValid(host)
  let addresses: readonly string[]
  if (literal) addresses = [ipaddr.parse(host).toString()]
  else {
    try {
      addresses = await dns.resolve(host)
    } catch {
      addresses = []
    }
  }
  const loopbackAllowed = !livemode && policy.sandboxLoopback
  const allowed = (address: string) => isPublicAddress(address) || (loopbackAllowed && isLoopbackAddress(address))
  if (addresses.length === 0 || !addresses.every(allowed)) {
    const accepted = loopbackAllowed ? 'public addresses or, on this sandbox, loopback' : 'public addresses'
    // A name's answers are not echoed, nor whether it resolved at all: that would map the operator's network.
    return err(
      new InvalidParameter({
        param,
        message: literal
          ? `${host} is not a public address; webhooks go to ${accepted}.`
          : `The host ${host} does not resolve, or resolves to an address that is not public; webhooks go to ${accepted}.`,
      }),
    )
  }
  return ok({ url, addresses, privateTarget: !addresses.every(isPublicAddress), literal })
}
