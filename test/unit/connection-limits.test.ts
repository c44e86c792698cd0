import { describe, expect, it } from 'vitest'
import { ConnectionsPerAddress, connectionAddressKey } from '../../hosts/api/connection-limits.js'

describe('Connections per address: counted by socket address, bounded, given back on close', () => {
  it('admits up to the limit per address, then refuses that address only; a closed connection frees its place', () => {
    const limits = new ConnectionsPerAddress(2, [])
    const first = limits.admit('198.51.100.7')
    const second = limits.admit('198.51.100.7')
    expect(first).not.toBeNull()
    expect(second).not.toBeNull()
    expect(limits.admit('198.51.100.7')).toBeNull()
    expect(limits.admit('198.51.100.8')).not.toBeNull()
    first!()
    expect(limits.admit('198.51.100.7')).not.toBeNull()
    expect(limits.admit('198.51.100.7')).toBeNull()
  })

  it('counts an IPv4-mapped IPv6 address as its IPv4 address, and an IPv6 client by its /64', () => {
    expect(connectionAddressKey('::ffff:198.51.100.7')).toBe('198.51.100.7')
    expect(connectionAddressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
    const limits = new ConnectionsPerAddress(1, [])
    expect(limits.admit('2001:db8:1:2::1')).not.toBeNull()
    expect(limits.admit('2001:db8:1:2::ffff')).toBeNull()
    expect(limits.admit('2001:db8:1:3::1')).not.toBeNull()
    expect(limits.admit('198.51.100.7')).not.toBeNull()
    expect(limits.admit('::ffff:198.51.100.7')).toBeNull()
  })

  it('does not limit trusted proxies (their connections carry many clients), and forgets an address once it holds none', () => {
    const limits = new ConnectionsPerAddress(1, ['10.0.0.0/8'])
    for (let index = 0; index < 5; index++) expect(limits.admit('10.1.2.3')).not.toBeNull()
    expect(limits.addresses).toBe(0)
    const release = limits.admit('203.0.113.9')
    expect(limits.addresses).toBe(1)
    release!()
    release!()
    expect(limits.addresses).toBe(0)
  })
})
