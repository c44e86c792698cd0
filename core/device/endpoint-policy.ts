import ipaddr from 'ipaddr.js'
import { InvalidParameter } from '../shared/errors.js'
import { err, ok, type Result } from '../shared/result.js'
import { isLoopbackAddress, isPublicAddress } from '../shared/special-purpose-addresses.js'
import type { TargetPolicy } from '../webhooks/url-policy.js'

/**
 * Which push endpoints a device may register. Production sends real pushes, so
 * the endpoint must be https on a public host (push services are: FCM, Mozilla,
 * Apple, Windows); a literal special-purpose address or `localhost` is refused.
 * The sandbox only records pushes, so http is accepted there too, and loopback
 * when the operator allows it, as for webhooks.
 */
export const checkPushEndpoint = (raw: string, policy: TargetPolicy): Result<URL, InvalidParameter> => {
  const param = 'endpoint'
  const { livemode } = policy
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return err(
      new InvalidParameter({
        param,
        message: 'Expected the absolute URL of the push subscription (PushSubscription.endpoint).',
      }),
    )
  }
  const allowed = livemode ? ['https:'] : ['https:', 'http:']
  if (!allowed.includes(url.protocol)) {
    return err(
      new InvalidParameter({
        param,
        message: livemode
          ? 'Production push endpoints must use https.'
          : 'Push endpoints use https (or http on the sandbox).',
      }),
    )
  }
  if (url.username !== '' || url.password !== '')
    return err(new InvalidParameter({ param, message: 'Credentials in the URL are not accepted.' }))
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const localName = host === 'localhost' || host.endsWith('.localhost')
  const literal = ipaddr.isValid(host)
  const loopbackAllowed = !livemode && policy.sandboxLoopback
  const hostAllowed = literal
    ? isPublicAddress(host) || (loopbackAllowed && isLoopbackAddress(host))
    : !localName || loopbackAllowed
  if (!hostAllowed)
    return err(new InvalidParameter({ param, message: `The push endpoint host ${host} is not public.` }))
  return ok(url)
}
