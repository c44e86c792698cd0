import ipaddr from 'ipaddr.js'
import { InvalidParameter } from '../shared/errors.js'
import { err, ok, type Result } from '../shared/result.js'
import { isPublicAddress } from '../webhooks/url-policy.js'

/**
 * Which push endpoints a device may register. Production sends real pushes, so
 * the endpoint must be https on a public host (push services are: FCM, Mozilla,
 * Apple, Windows); a literal private or loopback address or `localhost` is
 * refused. The sandbox only records pushes, so http is accepted there too.
 */
export const checkPushEndpoint = (raw: string, livemode: boolean): Result<URL, InvalidParameter> => {
  const param = 'endpoint'
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
  if (livemode) {
    const host = url.hostname.replace(/^\[|\]$/g, '')
    const privateLiteral = ipaddr.isValid(host) && !isPublicAddress(host)
    if (privateLiteral || host === 'localhost' || host.endsWith('.localhost')) {
      return err(new InvalidParameter({ param, message: `The push endpoint host ${host} is not public.` }))
    }
  }
  return ok(url)
}
