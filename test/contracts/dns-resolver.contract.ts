import { describe, expect, it } from 'vitest'
import type { DnsResolverPort } from '../../core/ports/dns-resolver.js'

/** A resolver returns every address of a name, and fails for a name that does not exist. */
export const dnsResolverContract = (name: string, makeResolver: () => DnsResolverPort): void => {
  describe(`${name}: DNS resolver contract`, () => {
    it('resolves localhost to loopback addresses only', async () => {
      const addresses = await makeResolver().resolve('localhost')
      expect(addresses.length).toBeGreaterThan(0)
      for (const address of addresses) expect(['127.0.0.1', '::1']).toContain(address)
    })

    it('fails for a name under the reserved .invalid domain', async () => {
      await expect(makeResolver().resolve('nothing-here.invalid')).rejects.toThrow()
    })
  })
}
