import { createPublicKey, verify } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import webpush from 'web-push'
import { WebPushAdapter } from '../../../adapters/push/web-push/web-push-adapter.js'
import type { Device } from '../../../core/device/device.js'
import type { PushMessage } from '../../../core/ports/push.js'
import { pushContract } from '../../contracts/push.contract.js'
import { FakeBrowser, FakePushService } from '../../support/fakes/push-service-fake.js'

const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@example.com' }

pushContract('WebPushAdapter', async () => {
  const service = await FakePushService.start()
  const browsers = new Map<string, FakeBrowser>()
  return {
    push: new WebPushAdapter({ vapid, timeoutMs: 1000 }),
    device: (name) => {
      const browser = new FakeBrowser()
      const device = browser.device(`${service.origin}/push/${name}`)
      browsers.set(device.id, browser)
      return device
    },
    goneDevice: () => new FakeBrowser().device(`${service.origin}/gone/abc`),
    received: async (device) => {
      const browser = browsers.get(device.id)!
      return service.requests
        .filter((request) => `${service.origin}${request.path}` === device.endpoint)
        .map((request) => {
          const payload = browser.read(request.body) as {
            title: string
            body: string
            silent: boolean
            data: Record<string, string>
            created_at: string
          }
          return {
            title: payload.title,
            body: payload.body,
            silent: payload.silent,
            data: payload.data,
            createdAt: payload.created_at,
            ttlSeconds: Number(request.headers.ttl),
            urgency: String(request.headers.urgency),
          }
        })
    },
    teardown: () => service.close(),
  }
})

const message: PushMessage = {
  title: 'Dentist',
  body: 'Starts in 15 min (at 14:00)',
  silent: false,
  ttlSeconds: 900,
  urgency: 'high',
  data: { type: 'reminder', reminder_id: 'rem_1', event_id: 'evt_1' },
  createdAt: new Date('2026-06-02T11:45:00Z'),
}

/** A raw P-256 public key (65 bytes, uncompressed) as a key object. */
const publicKeyFromRaw = (raw: string) => {
  const bytes = Buffer.from(raw, 'base64url')
  return createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: bytes.subarray(1, 33).toString('base64url'),
      y: bytes.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  })
}

describe('WebPushAdapter: the request a push service receives (RFC 8030, 8291, 8292)', () => {
  let service: FakePushService
  let adapter: WebPushAdapter
  let browser: FakeBrowser
  let device: Device

  beforeAll(async () => {
    service = await FakePushService.start()
    adapter = new WebPushAdapter({ vapid, timeoutMs: 500 })
    browser = new FakeBrowser()
    device = browser.device(`${service.origin}/push/abc`)
    expect(await adapter.send(device, message)).toEqual({ status: 'delivered' })
  })
  afterAll(() => service.close())

  it('POSTs an aes128gcm-encrypted body that only the subscription can read', () => {
    const [request] = service.requests
    expect(request).toMatchObject({ method: 'POST', path: '/push/abc' })
    expect(request!.headers['content-encoding']).toBe('aes128gcm')
    expect(request!.headers['content-type']).toBe('application/octet-stream')
    expect(request!.body.toString('latin1')).not.toContain('Dentist')
    expect(browser.read(request!.body)).toEqual({
      title: 'Dentist',
      body: 'Starts in 15 min (at 14:00)',
      silent: false,
      data: message.data,
      created_at: '2026-06-02T11:45:00.000Z',
    })
    expect(() => new FakeBrowser().read(request!.body)).toThrow()
  })

  it('carries TTL and Urgency headers from the message', () => {
    const [request] = service.requests
    expect(request!.headers.ttl).toBe('900')
    expect(request!.headers.urgency).toBe('high')
  })

  it('signs a VAPID JWT for the push service origin with the configured key', () => {
    const authorization = String(service.requests[0]!.headers.authorization)
    const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization)
    expect(match).not.toBeNull()
    const [, token, key] = match!
    expect(key).toBe(vapid.publicKey)
    const [header, claims, signature] = token!.split('.')
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toMatchObject({ typ: 'JWT', alg: 'ES256' })
    const payload = JSON.parse(Buffer.from(claims!, 'base64url').toString()) as {
      aud: string
      sub: string
      exp: number
    }
    expect(payload.aud).toBe(service.origin)
    expect(payload.sub).toBe('mailto:ops@example.com')
    const nowSeconds = Date.now() / 1000
    expect(payload.exp).toBeGreaterThan(nowSeconds)
    expect(payload.exp).toBeLessThanOrEqual(nowSeconds + 24 * 3600)
    const signed = Buffer.from(`${header}.${claims}`)
    expect(
      verify(
        'sha256',
        signed,
        { key: publicKeyFromRaw(vapid.publicKey), dsaEncoding: 'ieee-p1363' },
        Buffer.from(signature!, 'base64url'),
      ),
    ).toBe(true)
    const otherKey = publicKeyFromRaw(webpush.generateVAPIDKeys().publicKey)
    expect(
      verify('sha256', signed, { key: otherKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url')),
    ).toBe(false)
  })

  it('404 from the push service means the subscription expired', async () => {
    expect(await adapter.send(browser.device(`${service.origin}/missing/x`), message)).toEqual({ status: 'expired' })
  })

  it('a 5xx, a timeout or an unreachable service is a failure, never an exception', async () => {
    expect(await adapter.send(browser.device(`${service.origin}/broken/x`), message)).toEqual({
      status: 'failed',
      reason: 'push service answered 500',
    })
    expect(await adapter.send(browser.device(`${service.origin}/slow/x`), message)).toEqual({
      status: 'failed',
      reason: 'push service timed out',
    })
    const closed = await FakePushService.start()
    const origin = closed.origin
    await closed.close()
    expect(await adapter.send(browser.device(`${origin}/push/x`), message)).toEqual({
      status: 'failed',
      reason: 'push service unreachable',
    })
  })

  it('a subscription with unusable keys fails without a request', async () => {
    const before = service.requests.length
    const broken = { ...device, keys: { p256dh: 'AAAA', auth: 'BBBB' } }
    const outcome = await adapter.send(broken, message)
    expect(outcome.status).toBe('failed')
    expect(service.requests.length).toBe(before)
  })
})
