import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ConnectionRepositoryPort } from '../../core/ports/connection-repository.js'
import type { OutboxPort } from '../../core/ports/outbox.js'
import { FIXTURE_BASE, fixtureNote, makeConnection } from '../support/connection-fixtures.js'

export interface ConnectionRepositorySubject {
  readonly connections: ConnectionRepositoryPort
  readonly outbox: OutboxPort
  readonly teardown?: () => Promise<void>
}

const at = (minutes: number) => new Date(FIXTURE_BASE.getTime() + minutes * 60_000)

/** What every ConnectionRepositoryPort adapter must do. */
export const connectionRepositoryContract = (
  name: string,
  makeSubject: () => ConnectionRepositorySubject | Promise<ConnectionRepositorySubject>,
): void => {
  describe(`${name} honours the ConnectionRepositoryPort contract`, () => {
    let subject: ConnectionRepositorySubject
    beforeEach(async () => {
      subject = await makeSubject()
    })
    afterEach(async () => {
      await subject.teardown?.()
    })

    it('round-trips a connection and writes its events with it', async () => {
      const connection = makeConnection({
        subscriptions: [
          { id: 'chn_1', providerId: 'res_1', calendarExternalId: 'primary', expiresAt: at(60), secret: 's' },
          // When a channel started sets its renewal point (half its lifetime): it must survive the round trip.
          {
            id: 'chn_2',
            providerId: 'res_2',
            calendarExternalId: 'team',
            expiresAt: at(60),
            startedAt: at(0),
            secret: 't',
          },
        ],
      })
      await subject.connections.insert(connection, [fixtureNote('connection.created')])
      expect(await subject.connections.get('acct_a', connection.id)).toEqual(connection)
      expect((await subject.outbox.list('acct_a', 10)).map((event) => event.type)).toEqual(['connection.created'])
    })

    it('keeps accounts apart', async () => {
      const connection = makeConnection()
      await subject.connections.insert(connection, [])
      expect(await subject.connections.get('acct_b', connection.id)).toBeNull()
      expect((await subject.connections.list('acct_b', {}, { limit: 10 })).data).toEqual([])
    })

    it('lists newest first, filtered by user and provider, in cursor pages', async () => {
      const first = makeConnection({ userId: 'usr_1', provider: 'google' })
      const second = makeConnection({ userId: 'usr_1', provider: 'microsoft' })
      const third = makeConnection({ userId: 'usr_2', provider: 'google' })
      for (const connection of [first, second, third]) await subject.connections.insert(connection, [])
      expect((await subject.connections.list('acct_a', {}, { limit: 10 })).data.map((c) => c.id)).toEqual([
        third.id,
        second.id,
        first.id,
      ])
      expect(
        (await subject.connections.list('acct_a', { userId: 'usr_1' }, { limit: 10 })).data.map((c) => c.id),
      ).toEqual([second.id, first.id])
      expect(
        (await subject.connections.list('acct_a', { provider: 'google' }, { limit: 10 })).data.map((c) => c.id),
      ).toEqual([third.id, first.id])
      const page = await subject.connections.list('acct_a', {}, { limit: 2 })
      expect(page.hasMore).toBe(true)
      expect(
        (await subject.connections.list('acct_a', {}, { limit: 2, startingAfter: page.data[1]!.id })).data.map(
          (c) => c.id,
        ),
      ).toEqual([first.id])
    })

    it('updates only at the expected version', async () => {
      const connection = makeConnection()
      await subject.connections.insert(connection, [])
      const next = { ...connection, status: 'error' as const, statusReason: 'sync_failed' as const, version: 2 }
      expect(await subject.connections.update(next, 1, [fixtureNote('connection.updated')])).toBe('updated')
      expect(await subject.connections.update({ ...next, version: 3 }, 1, [fixtureNote('connection.stale')])).toBe(
        'conflict',
      )
      expect((await subject.connections.get('acct_a', connection.id))?.status).toBe('error')
      expect((await subject.outbox.list('acct_a', 10)).map((event) => event.type)).toEqual(['connection.updated'])
    })

    it('refuses a second connection of a user to one provider account as a duplicate, writing nothing', async () => {
      const first = makeConnection({ email: 'grace@example.com' })
      expect(await subject.connections.insert(first, [fixtureNote('connection.created')])).toBe('inserted')
      const again = makeConnection({ email: 'grace@example.com' })
      expect(await subject.connections.insert(again, [fixtureNote('connection.created.again')])).toBe('duplicate')
      expect(await subject.connections.get('acct_a', again.id)).toBeNull()
      expect((await subject.outbox.list('acct_a', 10)).map((event) => event.type)).toEqual(['connection.created'])
      // Another user, provider, provider account or account is another connection.
      for (const other of [
        { userId: 'usr_other' },
        { provider: 'microsoft' as const },
        { email: 'other@example.com' },
        { accountId: 'acct_b' },
      ]) {
        expect(await subject.connections.insert(makeConnection({ email: 'grace@example.com', ...other }), [])).toBe(
          'inserted',
        )
      }
    })

    it("finds a user's connection by provider account and by push channel", async () => {
      const connection = makeConnection({
        email: 'grace@example.com',
        subscriptions: [
          { id: 'chn_9', providerId: 'res_9', calendarExternalId: 'primary', expiresAt: at(60), secret: 's' },
        ],
      })
      await subject.connections.insert(connection, [])
      expect(
        (await subject.connections.findByProviderAccount('acct_a', 'usr_a', 'google', 'grace@example.com'))?.id,
      ).toBe(connection.id)
      expect(
        await subject.connections.findByProviderAccount('acct_a', 'usr_a', 'microsoft', 'grace@example.com'),
      ).toBeNull()
      expect(
        await subject.connections.findByProviderAccount('acct_a', 'usr_b', 'google', 'grace@example.com'),
      ).toBeNull()
      expect((await subject.connections.findBySubscription('chn_9'))?.id).toBe(connection.id)
      expect(await subject.connections.findBySubscription('chn_unknown')).toBeNull()
    })

    it('answers due connections earliest first, and the next due time', async () => {
      const late = makeConnection({ email: 'late@example.com', nextSyncAt: at(10) })
      const early = makeConnection({ email: 'early@example.com', nextSyncAt: at(5) })
      const never = makeConnection({ email: 'never@example.com', nextSyncAt: null })
      const other = makeConnection({ accountId: 'acct_b', nextSyncAt: at(1) })
      for (const connection of [late, early, never, other]) await subject.connections.insert(connection, [])
      expect((await subject.connections.due('acct_a', at(10), 10)).map((c) => c.id)).toEqual([early.id, late.id])
      expect((await subject.connections.due('acct_a', at(7), 10)).map((c) => c.id)).toEqual([early.id])
      expect((await subject.connections.due(null, at(10), 2)).map((c) => c.id)).toEqual([other.id, early.id])
      expect(await subject.connections.nextDueAt('acct_a', at(5))).toEqual(at(10))
      expect(await subject.connections.nextDueAt('acct_a', at(10))).toBeNull()
      expect(await subject.connections.nextDueAt(null, at(0))).toEqual(at(1))
    })

    it('removes every connection of a user and answers them', async () => {
      const mine = makeConnection({ userId: 'usr_gone' })
      const kept = makeConnection({ userId: 'usr_kept' })
      await subject.connections.insert(mine, [])
      await subject.connections.insert(kept, [])
      expect((await subject.connections.removeByUser('acct_a', 'usr_gone')).map((c) => c.id)).toEqual([mine.id])
      expect(await subject.connections.get('acct_a', mine.id)).toBeNull()
      expect(await subject.connections.get('acct_a', kept.id)).not.toBeNull()
      expect(await subject.connections.removeByUser('acct_a', 'usr_gone')).toEqual([])
    })
  })
}
