import { describe, expect, it } from 'vitest'
import type { DnsResolverPort } from '../../../core/ports/dns-resolver.js'
import { isLoopbackAddress, isPublicAddress } from '../../../core/shared/special-purpose-addresses.js'
import { checkEndpointUrl } from '../../../core/webhooks/url-policy.js'

/**
 * One row per range of the IANA IPv4 and IPv6 Special-Purpose Address Registries (plus multicast, site-local
 * and IPv4-compatible): addresses inside it, and the public neighbours just outside it where there are any.
 * Written from the registries, not from the implementation's table.
 */
const RANGES: readonly [range: string, inside: readonly string[], outside: readonly string[]][] = [
  ['0.0.0.0/8', ['0.0.0.0', '0.255.255.255'], ['1.0.0.0']],
  ['10.0.0.0/8', ['10.0.0.1', '10.255.255.255'], ['9.255.255.255', '11.0.0.0']],
  ['100.64.0.0/10', ['100.64.0.0', '100.127.255.255'], ['100.63.255.255', '100.128.0.0']],
  ['127.0.0.0/8', ['127.0.0.1', '127.255.255.254'], ['126.255.255.255', '128.0.0.0']],
  ['169.254.0.0/16', ['169.254.169.254', '169.254.0.1'], ['169.253.255.255', '169.255.0.0']],
  ['172.16.0.0/12', ['172.16.0.1', '172.31.255.255'], ['172.15.255.255', '172.32.0.0']],
  ['192.0.0.0/24', ['192.0.0.1', '192.0.0.9', '192.0.0.170'], ['192.0.1.0']],
  ['192.0.2.0/24', ['192.0.2.1'], ['192.0.3.0']],
  ['192.31.196.0/24', ['192.31.196.1'], ['192.31.195.255', '192.31.197.0']],
  ['192.52.193.0/24', ['192.52.193.1'], ['192.52.192.255', '192.52.194.0']],
  ['192.88.99.0/24', ['192.88.99.1'], ['192.88.98.255', '192.88.100.0']],
  ['192.168.0.0/16', ['192.168.0.1', '192.168.255.255'], ['192.167.255.255', '192.169.0.0']],
  ['192.175.48.0/24', ['192.175.48.1'], ['192.175.47.255', '192.175.49.0']],
  ['198.18.0.0/15', ['198.18.0.1', '198.19.255.255'], ['198.17.255.255', '198.20.0.0']],
  ['198.51.100.0/24', ['198.51.100.1'], ['198.51.99.255', '198.51.101.0']],
  ['203.0.113.0/24', ['203.0.113.1'], ['203.0.112.255', '203.0.114.0']],
  ['224.0.0.0/4 (multicast)', ['224.0.0.1', '239.255.255.250'], ['223.255.255.255']],
  ['240.0.0.0/4', ['240.0.0.1', '255.255.255.254'], []],
  ['255.255.255.255/32', ['255.255.255.255'], []],
  ['::/128', ['::'], []],
  ['::1/128', ['::1'], []],
  // The WHATWG URL parser writes [::127.0.0.1] as [::7f00:1].
  ['::/96 (IPv4-compatible)', ['::7f00:1', '::a00:1', '::5db8:d70e', '::2'], []],
  [
    '::ffff:0:0/96 (IPv4-mapped: the embedded IPv4 decides)',
    ['::ffff:127.0.0.1', '::ffff:a00:1'],
    ['::ffff:93.184.215.14'],
  ],
  [
    '64:ff9b::/96 (NAT64: the embedded IPv4 decides)',
    ['64:ff9b::127.0.0.1', '64:ff9b::a9fe:a9fe'],
    ['64:ff9b::93.184.215.14'],
  ],
  ['64:ff9b:1::/48', ['64:ff9b:1::93.184.215.14', '64:ff9b:1:ffff::1'], []],
  ['100::/64 (discard-only)', ['100::1'], []],
  ['100:0:0:1::/64 (dummy prefix)', ['100:0:0:1::1'], []],
  [
    '2001::/23 (Teredo, benchmarking, AMT, AS112, ORCHID, DRIP)',
    [
      '2001::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '2001:2::1',
      '2001:3::1',
      '2001:4:112::1',
      '2001:20::1',
      '2001:30::1',
      '2001:1ff:ffff::1',
    ],
    ['2001:200::1', '2000:ffff::1'],
  ],
  ['2001:db8::/32 (documentation)', ['2001:db8::1', '2001:db8:ffff::1'], ['2001:db7:ffff::1', '2001:db9::1']],
  [
    '2002::/16 (6to4, refused whatever it embeds)',
    ['2002:7f00:1::1', '2002:5db8:d70e::1'],
    ['2001:ffff::1', '2003::1'],
  ],
  ['2620:4f:8000::/48 (AS112 direct delegation)', ['2620:4f:8000::1'], ['2620:4f:7fff::1', '2620:4f:8001::1']],
  ['3fff::/20 (documentation)', ['3fff::1', '3fff:fff:ffff::1'], ['3ffe:ffff::1', '3fff:1000::1']],
  ['5f00::/16 (SRv6 SIDs)', ['5f00::1'], []],
  ['fc00::/7 (unique local)', ['fc00::1', 'fd12:3456::1'], []],
  ['fe80::/10 (link local)', ['fe80::1', 'febf::1'], []],
  ['fec0::/10 (site local)', ['fec0::1', 'feff::1'], []],
  ['ff00::/8 (multicast)', ['ff02::1', 'ff0e::1'], []],
  ['outside 2000::/3 (unallocated IPv6)', ['1fff::1', '4000::1', 'e000::1'], ['2a00:1450:4001::1']],
]

const ALWAYS_PUBLIC = ['93.184.215.14', '8.8.8.8', '2606:2800:21f:cb07:6820:80da:af6b:8b2c', '2a00:1450:4001:82b::200e']

const resolvingTo = (address: string): DnsResolverPort => ({ resolve: async () => [address] })
const production = { livemode: true, sandboxLoopback: false }
const localSandbox = { livemode: false, sandboxLoopback: true }

describe('Special-purpose addresses are never webhook targets', () => {
  describe.each(RANGES)('%s', (_range, inside, outside) => {
    it.each(inside)('%s is not public', (address) => {
      expect(isPublicAddress(address)).toBe(false)
    })

    it.each(inside)('%s is refused as a literal in the URL and as a resolved address', async (address) => {
      const literal = address.includes(':') ? `[${address}]` : address
      for (const policy of isLoopbackAddress(address) ? [production] : [production, localSandbox]) {
        const asLiteral = await checkEndpointUrl(`https://${literal}/hook`, policy, resolvingTo('93.184.215.14'))
        expect(asLiteral.ok, `${literal} ${JSON.stringify(policy)}`).toBe(false)
        const resolved = await checkEndpointUrl('https://hooks.example.com/hook', policy, resolvingTo(address))
        expect(resolved.ok, `resolved to ${address} ${JSON.stringify(policy)}`).toBe(false)
        if (!asLiteral.ok) expect(asLiteral.error.param).toBe('url')
      }
    })

    if (outside.length > 0) {
      it.each(outside)('%s, just outside, is public', (address) => {
        expect(isPublicAddress(address)).toBe(true)
      })
    }
  })

  it.each(ALWAYS_PUBLIC)('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true)
  })

  it.each(['not-an-ip', '', '256.0.0.1', '::g'])('%j is not an address, so not public', (address) => {
    expect(isPublicAddress(address)).toBe(false)
  })

  it('only 127.0.0.0/8, ::1 and their IPv4-mapped forms count as loopback', () => {
    expect(['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1'].map(isLoopbackAddress)).toEqual([
      true,
      true,
      true,
      true,
    ])
    expect(
      ['::7f00:1', '64:ff9b::127.0.0.1', '2002:7f00:1::1', '10.0.0.1', '0.0.0.0', '::'].map(isLoopbackAddress),
    ).toEqual([false, false, false, false, false, false])
  })
})
