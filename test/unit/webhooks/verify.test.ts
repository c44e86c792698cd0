import { describe, expect, it } from 'vitest'
import { constructWebhookEvent, WebhookSignatureError } from '../../../contracts/webhooks/verify.js'
import { signatureHeader } from '../../../core/webhooks/signature.js'

const body = JSON.stringify({
  id: 'ntf_1',
  object: 'event',
  type: 'user.created',
  created: 1_780_000_000,
  livemode: false,
  api_version: '2026-05-20',
  data: { object: { id: 'usr_1' } },
})
const NOW = 1_780_000_000
const reasonOf = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return error instanceof WebhookSignatureError ? error.reason : 'other'
  }
  return 'none'
}

describe('constructWebhookEvent: receivers verify the raw body, the header and the timestamp', () => {
  it('returns the parsed notification for a valid signature', () => {
    const header = signatureHeader(body, ['whsec_a'], NOW)
    expect(constructWebhookEvent(body, header, 'whsec_a', { nowSeconds: NOW + 10 })).toMatchObject({
      id: 'ntf_1',
      type: 'user.created',
    })
    expect(constructWebhookEvent(Buffer.from(body), header, 'whsec_a', { nowSeconds: NOW })).toMatchObject({
      id: 'ntf_1',
    })
  })

  it('accepts either secret during a rotation (two v1 values)', () => {
    const header = signatureHeader(body, ['whsec_new', 'whsec_old'], NOW)
    expect(header.split(',')).toHaveLength(3)
    expect(constructWebhookEvent(body, header, 'whsec_old', { nowSeconds: NOW }).id).toBe('ntf_1')
    expect(constructWebhookEvent(body, header, 'whsec_new', { nowSeconds: NOW }).id).toBe('ntf_1')
    expect(
      constructWebhookEvent(body, signatureHeader(body, ['whsec_new'], NOW), ['whsec_old', 'whsec_new'], {
        nowSeconds: NOW,
      }).id,
    ).toBe('ntf_1')
  })

  it.each([
    [
      'a changed body',
      () =>
        constructWebhookEvent(body.replace('usr_1', 'usr_2'), signatureHeader(body, ['whsec_a'], NOW), 'whsec_a', {
          nowSeconds: NOW,
        }),
      'no_matching_signature',
    ],
    [
      'another secret',
      () => constructWebhookEvent(body, signatureHeader(body, ['whsec_a'], NOW), 'whsec_b', { nowSeconds: NOW }),
      'no_matching_signature',
    ],
    [
      'a timestamp older than 5 minutes',
      () => constructWebhookEvent(body, signatureHeader(body, ['whsec_a'], NOW), 'whsec_a', { nowSeconds: NOW + 301 }),
      'timestamp_outside_tolerance',
    ],
    [
      'a moved timestamp',
      () =>
        constructWebhookEvent(
          body,
          signatureHeader(body, ['whsec_a'], NOW).replace(`t=${NOW}`, `t=${NOW + 1}`),
          'whsec_a',
          { nowSeconds: NOW },
        ),
      'no_matching_signature',
    ],
    ['no header', () => constructWebhookEvent(body, undefined, 'whsec_a'), 'missing_header'],
    [
      'a header without v1',
      () => constructWebhookEvent(body, `t=${NOW}`, 'whsec_a', { nowSeconds: NOW }),
      'malformed_header',
    ],
    [
      'a header without t',
      () => constructWebhookEvent(body, `v1=${'a'.repeat(64)}`, 'whsec_a', { nowSeconds: NOW }),
      'malformed_header',
    ],
  ])('rejects %s', (_name, run, reason) => {
    expect(reasonOf(run)).toBe(reason)
  })

  it('honours a custom tolerance', () => {
    const header = signatureHeader(body, ['whsec_a'], NOW)
    expect(
      reasonOf(() => constructWebhookEvent(body, header, 'whsec_a', { nowSeconds: NOW + 100, toleranceSeconds: 60 })),
    ).toBe('timestamp_outside_tolerance')
  })
})
