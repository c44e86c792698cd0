import { describe, expect, it } from 'vitest'
import type { DnsResolverPort } from '../../../core/ports/dns-resolver.js'
import { checkEndpointUrl, isPublicAddress } from '../../../core/webhooks/url-policy.js'

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
  'laptop.test': ['127.0.0.1'],
})

describe('Webhook URLs: production only https to public addresses; the sandbox also http and loopback', () => {
  it.each([
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['::1', false],
    ['fc00::1', false],
    ['fe80::1', false],
    ['::ffff:10.0.0.1', false],
    ['93.184.215.14', true],
    ['2606:2800:21f:cb07:6820:80da:af6b:8b2c', true],
    ['not-an-ip', false],
  ])('isPublicAddress(%s) is %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected)
  })

  it('accepts an https URL whose host resolves only to public addresses, and hands back the checked addresses', async () => {
    const result = await checkEndpointUrl('https://hooks.example.com/in', true, resolver)
    expect(result.ok && result.value.addresses).toEqual(['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'])
  })

  it.each([
    ['http://hooks.example.com/in', 'https'],
    ['https://rebound.example.com/in', '10.0.0.7'],
    ['https://metadata.example.com/', '169.254.169.254'],
    ['https://mapped.example.com/', 'non-public'],
    ['https://laptop.test/', '127.0.0.1'],
    ['https://unknown.example.com/', 'does not resolve'],
    ['https://user:secret@hooks.example.com/', 'Credentials'],
    ['hooks.example.com/in', 'absolute URL'],
  ])('production refuses %s', async (url, reason) => {
    const result = await checkEndpointUrl(url, true, resolver)
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.error.param).toBe('url')
      expect(result.error.message).toContain(reason)
    }
  })

  it('the sandbox accepts http and loopback, but still refuses private and metadata ranges', async () => {
    expect((await checkEndpointUrl('http://laptop.test:4242/hooks', false, resolver)).ok).toBe(true)
    expect((await checkEndpointUrl('http://[::1]:4242/hooks', false, resolver)).ok).toBe(true)
    expect((await checkEndpointUrl('http://metadata.example.com/', false, resolver)).ok).toBe(false)
    expect((await checkEndpointUrl('http://192.168.0.2/', false, resolver)).ok).toBe(false)
  })
})
