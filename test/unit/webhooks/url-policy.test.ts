import { describe, expect, it } from 'vitest'
import type { DnsResolverPort } from '../../../core/ports/dns-resolver.js'
import { checkEndpointUrl } from '../../../core/webhooks/url-policy.js'

const dns = (answers: Record<string, readonly string[]>): DnsResolverPort => ({
  resolve: async (host) => {
    const found = answers[host]
    if (found === undefined) throw new Error('ENOTFOUND')
    return found
  },
})
const resolver = dns({
  'hooks.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'rebound.example.com': ['93.184.215.14', '10.0.0.7'],
  'metadata.example.com': ['169.254.169.254'],
  'mapped.example.com': ['::ffff:127.0.0.1'],
  'compat.example.com': ['::7f00:1'],
  'laptop.test': ['127.0.0.1'],
})
const production = { livemode: true, sandboxLoopback: false }
const localSandbox = { livemode: false, sandboxLoopback: true }
const sharedSandbox = { livemode: false, sandboxLoopback: false }

describe('Webhook URLs: production only https to public addresses; the sandbox also http, and loopback if allowed', () => {
  it('accepts an https URL whose host resolves only to public addresses, and hands back the checked addresses', async () => {
    const result = await checkEndpointUrl('https://hooks.example.com/in', production, resolver)
    expect(result.ok && result.value).toMatchObject({
      addresses: ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
      privateTarget: false,
    })
  })

  it.each([
    ['http://hooks.example.com/in', 'https'],
    ['https://rebound.example.com/in', 'not public'],
    ['https://metadata.example.com/', 'not public'],
    ['https://mapped.example.com/', 'not public'],
    ['https://laptop.test/', 'not public'],
    ['https://unknown.example.com/', 'does not resolve'],
    ['https://[::127.0.0.1]/hook', 'not a public address'],
    ['https://[fec0::1]/hook', 'not a public address'],
    ['https://user:secret@hooks.example.com/', 'Credentials'],
    ['hooks.example.com/in', 'absolute URL'],
  ])('production refuses %s', async (url, reason) => {
    const result = await checkEndpointUrl(url, production, resolver)
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.error.param).toBe('url')
      expect(result.error.message).toContain(reason)
    }
  })

  it('does not say what a refused name resolves to, nor whether it resolves at all (no map of internal names)', async () => {
    const messages = await Promise.all(
      ['https://rebound.example.com/', 'https://metadata.example.com/', 'https://unknown.example.com/'].map(
        async (url) => {
          const result = await checkEndpointUrl(url, production, resolver)
          return result.ok ? '' : result.error.message.replace(/The host \S+ /, 'The host X ')
        },
      ),
    )
    expect(new Set(messages).size).toBe(1)
    expect(messages[0]).not.toMatch(/10\.0\.0\.7|169\.254/)
  })

  it('a sandbox allowed loopback accepts http and loopback, marked private, but still refuses every other range', async () => {
    const laptop = await checkEndpointUrl('http://laptop.test:4242/hooks', localSandbox, resolver)
    expect(laptop.ok && laptop.value.privateTarget).toBe(true)
    expect((await checkEndpointUrl('http://[::1]:4242/hooks', localSandbox, resolver)).ok).toBe(true)
    expect((await checkEndpointUrl('http://mapped.example.com/', localSandbox, resolver)).ok).toBe(true)
    expect((await checkEndpointUrl('http://metadata.example.com/', localSandbox, resolver)).ok).toBe(false)
    expect((await checkEndpointUrl('http://192.168.0.2/', localSandbox, resolver)).ok).toBe(false)
    expect((await checkEndpointUrl('http://[::127.0.0.1]/', localSandbox, resolver)).ok).toBe(false)
    expect((await checkEndpointUrl('http://compat.example.com/', localSandbox, resolver)).ok).toBe(false)
  })

  it('a sandbox not allowed loopback (a shared deployment) refuses it as production does, but takes http', async () => {
    for (const url of ['http://laptop.test:4242/hooks', 'http://127.0.0.1:4242/', 'http://[::1]:4242/']) {
      const result = await checkEndpointUrl(url, sharedSandbox, resolver)
      expect(result.ok, url).toBe(false)
      if (!result.ok) expect(result.error.message).not.toContain('loopback')
    }
    expect((await checkEndpointUrl('http://hooks.example.com/in', sharedSandbox, resolver)).ok).toBe(true)
  })

  it('production ignores the sandbox setting', async () => {
    const result = await checkEndpointUrl('https://laptop.test/', { livemode: true, sandboxLoopback: true }, resolver)
    expect(result.ok).toBe(false)
  })
})
