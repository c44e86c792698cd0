import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { IdentityProviderPort } from '../../core/ports/identity-provider.js'

export interface IdentityProviderSubject {
  readonly identity: IdentityProviderPort
  readonly teardown?: () => Promise<void>
}

const sorted = (platforms: readonly string[]) => [...platforms].sort()

/** What every IdentityProviderPort adapter must do; call it from the adapter's own test file. */
export const identityProviderContract = (
  name: string,
  makeSubject: () => IdentityProviderSubject | Promise<IdentityProviderSubject>,
): void => {
  describe(`${name} honours the IdentityProviderPort contract`, () => {
    let subject: IdentityProviderSubject
    beforeEach(async () => {
      subject = await makeSubject()
    })
    afterEach(async () => {
      await subject.teardown?.()
    })

    describe('an identity holds accounts on several platforms', () => {
      it('unlinking one platform answers the platforms the identity still has', async () => {
        for (const platform of ['acct_a', 'acct_b', 'acct_c']) await subject.identity.link('ada@example.com', platform)
        expect(sorted(await subject.identity.unlink('ada@example.com', 'acct_b'))).toEqual(['acct_a', 'acct_c'])
        expect(sorted(await subject.identity.unlink('ada@example.com', 'acct_a'))).toEqual(['acct_c'])
        expect(await subject.identity.unlink('ada@example.com', 'acct_c')).toEqual([])
      })

      it('linking a platform twice holds it once', async () => {
        await subject.identity.link('ada@example.com', 'acct_a')
        await subject.identity.link('ada@example.com', 'acct_a')
        await subject.identity.link('ada@example.com', 'acct_b')
        expect(await subject.identity.unlink('ada@example.com', 'acct_a')).toEqual(['acct_b'])
      })

      it('unlinking a platform the identity does not have, or an unknown identity, changes nothing', async () => {
        await subject.identity.link('ada@example.com', 'acct_a')
        expect(await subject.identity.unlink('ada@example.com', 'acct_z')).toEqual(['acct_a'])
        expect(await subject.identity.unlink('nobody@example.com', 'acct_a')).toEqual([])
        expect(await subject.identity.unlink('ada@example.com', 'acct_a')).toEqual([])
      })

      it('identities are apart', async () => {
        await subject.identity.link('ada@example.com', 'acct_a')
        await subject.identity.link('grace@example.com', 'acct_a')
        await subject.identity.link('grace@example.com', 'acct_b')
        expect(await subject.identity.unlink('ada@example.com', 'acct_a')).toEqual([])
        expect(sorted(await subject.identity.unlink('grace@example.com', 'acct_z'))).toEqual(['acct_a', 'acct_b'])
      })
    })

    describe('deleting an identity', () => {
      it('forgets all its platforms; a later link starts a new identity', async () => {
        await subject.identity.link('ada@example.com', 'acct_a')
        await subject.identity.link('ada@example.com', 'acct_b')
        await subject.identity.deleteIdentity('ada@example.com')
        expect(await subject.identity.unlink('ada@example.com', 'acct_z')).toEqual([])
        await subject.identity.link('ada@example.com', 'acct_c')
        expect(await subject.identity.unlink('ada@example.com', 'acct_z')).toEqual(['acct_c'])
      })

      it('leaves other identities alone, and deleting an unknown identity is harmless', async () => {
        await subject.identity.link('ada@example.com', 'acct_a')
        await subject.identity.link('grace@example.com', 'acct_a')
        await subject.identity.deleteIdentity('ada@example.com')
        await subject.identity.deleteIdentity('nobody@example.com')
        expect(await subject.identity.unlink('grace@example.com', 'acct_z')).toEqual(['acct_a'])
      })
    })
  })
}
