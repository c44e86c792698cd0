import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { UlidIdGenerator } from '../../adapters/ids/ulid/ulid-ids.js'
import { hashSecret } from '../../core/account/api-key.js'
import type { AgentToken } from '../../core/agent/agent-token.js'
import type { AgentTokenStorePort } from '../../core/ports/agent-token-store.js'

export interface AgentTokenStoreSubject {
  readonly store: AgentTokenStorePort
  readonly teardown?: () => Promise<void>
}

const ids = new UlidIdGenerator()
const makeToken = (overrides: Partial<AgentToken> = {}): AgentToken => {
  const secret = `uat_test_${ids.next('s')}`
  return {
    id: ids.next('agt'),
    accountId: 'cpa_a',
    platformAccountId: 'acct_p',
    livemode: false,
    userId: 'usr_a',
    permissions: { events: 'write', users: 'read' },
    confirmationPolicy: 'always',
    hash: hashSecret(secret),
    last4: secret.slice(-4),
    createdBy: 'key_a',
    createdAt: new Date('2026-06-01T08:00:00.000Z'),
    expiresAt: new Date('2026-06-08T08:00:00.000Z'),
    revokedAt: null,
    ...overrides,
  }
}

/** What every AgentTokenStorePort adapter must do; call it from the adapter's own test file. */
export const agentTokenStoreContract = (
  name: string,
  makeSubject: () => AgentTokenStoreSubject | Promise<AgentTokenStoreSubject>,
): void => {
  describe(`${name} honours the AgentTokenStorePort contract`, () => {
    let subject: AgentTokenStoreSubject
    let store: AgentTokenStorePort

    beforeEach(async () => {
      subject = await makeSubject()
      store = subject.store
    })
    afterEach(async () => {
      await subject.teardown?.()
    })

    it('finds a token by the hash of its secret and by its id, as it was stored', async () => {
      const token = makeToken({ confirmationPolicy: 'low_risk_direct' })
      await store.insert(token)
      expect(await store.findByHash(token.hash)).toEqual(token)
      expect(await store.get(token.id)).toEqual(token)
      expect(await store.findByHash(hashSecret('uat_test_unknown'))).toBeNull()
      expect(await store.get('agt_unknown')).toBeNull()
    })

    it('lists one user’s tokens of one account and surface only', async () => {
      const mine = [makeToken(), makeToken()]
      const others = [
        makeToken({ userId: 'usr_b' }),
        makeToken({ accountId: 'cpa_b' }),
        makeToken({ livemode: true, hash: hashSecret('uat_live_x') }),
      ]
      for (const token of [...mine, ...others]) await store.insert(token)
      const listed = await store.listByUser('cpa_a', false, 'usr_a')
      expect(listed.map((token) => token.id).sort()).toEqual(mine.map((token) => token.id).sort())
    })

    it('revokes at the given time, keeping an earlier revocation; an unknown id is null', async () => {
      const token = makeToken()
      await store.insert(token)
      const first = new Date('2026-06-02T08:00:00.000Z')
      expect((await store.revoke(token.id, first))?.revokedAt).toEqual(first)
      expect((await store.revoke(token.id, new Date('2026-06-03T08:00:00.000Z')))?.revokedAt).toEqual(first)
      const earlier = new Date('2026-06-01T09:00:00.000Z')
      expect((await store.revoke(token.id, earlier))?.revokedAt).toEqual(earlier)
      expect((await store.findByHash(token.hash))?.revokedAt).toEqual(earlier)
      expect(await store.revoke('agt_unknown', first)).toBeNull()
    })

    it('removes one user’s tokens of one account and surface only (the user’s deletion), again with none left', async () => {
      const mine = [makeToken(), makeToken({ revokedAt: new Date('2026-06-02T08:00:00.000Z') })]
      const others = [
        makeToken({ userId: 'usr_b' }),
        makeToken({ accountId: 'cpa_b' }),
        makeToken({ livemode: true, hash: hashSecret('uat_live_y') }),
      ]
      for (const token of [...mine, ...others]) await store.insert(token)
      expect(await store.removeByUser('cpa_a', false, 'usr_a')).toBe(2)
      expect(await store.listByUser('cpa_a', false, 'usr_a')).toEqual([])
      for (const token of mine) {
        expect(await store.get(token.id)).toBeNull()
        expect(await store.findByHash(token.hash)).toBeNull()
      }
      for (const token of others) expect(await store.get(token.id)).toEqual(token)
      expect(await store.removeByUser('cpa_a', false, 'usr_a')).toBe(0)
    })
  })
}
