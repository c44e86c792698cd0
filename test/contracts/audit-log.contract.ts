import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AuditEntry } from '../../core/audit/audit-entry.js'
import type { AuditLogPort } from '../../core/ports/audit-log.js'

export interface AuditLogSubject {
  readonly log: AuditLogPort
  readonly teardown?: () => Promise<void>
}

const BASE = new Date('2026-06-01T08:00:00Z').getTime()
const at = (minutes: number) => new Date(BASE + minutes * 60_000)

let counter = 0
const entry = (overrides: Partial<AuditEntry> = {}): AuditEntry => {
  counter += 1
  return {
    id: `aud_${String(counter).padStart(8, '0')}`,
    accountId: 'acct_one',
    livemode: true,
    actor: { type: 'member', id: 'mem_owner', email: 'owner@example.com' },
    action: 'api_key.created',
    target: { type: 'api_key', id: `key_${counter}` },
    address: '127.0.0.1',
    occurredAt: at(counter),
    ...overrides,
  }
}

/** What every AuditLogPort adapter must do. */
export const auditLogContract = (name: string, makeSubject: () => AuditLogSubject | Promise<AuditLogSubject>): void => {
  describe(`${name} honours the AuditLogPort contract`, () => {
    let subject: AuditLogSubject
    beforeEach(async () => {
      subject = await makeSubject()
    })
    afterEach(async () => {
      await subject.teardown?.()
    })

    it('reads back every field, newest first, of one account only', async () => {
      const first = entry()
      const second = entry({ livemode: null, actor: { type: 'api_key', id: 'key_9', email: null }, target: null })
      const other = entry({ accountId: 'acct_other' })
      for (const e of [first, second, other]) await subject.log.append(e)
      expect(await subject.log.list('acct_one', { limit: 10 })).toEqual({ data: [second, first], hasMore: false })
      expect(await subject.log.list('acct_other', { limit: 10 })).toEqual({ data: [other], hasMore: false })
    })

    it('pages newest first: a page, then what was written before its last entry', async () => {
      const written = [entry(), entry(), entry(), entry(), entry()]
      for (const e of written) await subject.log.append(e)
      const first = await subject.log.list('acct_one', { limit: 2 })
      expect(first.data.map((e) => e.id)).toEqual([written[4]?.id, written[3]?.id])
      expect(first.hasMore).toBe(true)
      const rest = await subject.log.list('acct_one', { limit: 10, startingAfter: written[3]?.id })
      expect(rest.data.map((e) => e.id)).toEqual([written[2]?.id, written[1]?.id, written[0]?.id])
      expect(rest.hasMore).toBe(false)
    })

    it('filters by action, actor and target', async () => {
      const created = entry()
      const revoked = entry({ action: 'api_key.revoked', target: { type: 'api_key', id: 'key_x' } })
      const byAdmin = entry({ actor: { type: 'member', id: 'mem_admin', email: 'admin@example.com' } })
      for (const e of [created, revoked, byAdmin]) await subject.log.append(e)
      expect((await subject.log.list('acct_one', { limit: 10, action: 'api_key.revoked' })).data).toEqual([revoked])
      expect((await subject.log.list('acct_one', { limit: 10, actorId: 'mem_admin' })).data).toEqual([byAdmin])
      expect((await subject.log.list('acct_one', { limit: 10, targetId: 'key_x' })).data).toEqual([revoked])
      expect((await subject.log.list('acct_one', { limit: 10, action: 'member.removed' })).data).toEqual([])
    })

    it('prunes what occurred before the bound, and nothing after it', async () => {
      const old = entry({ occurredAt: at(-600) })
      const recent = entry({ occurredAt: at(10) })
      await subject.log.append(old)
      await subject.log.append(recent)
      expect(await subject.log.prune(at(0))).toBe(1)
      expect((await subject.log.list('acct_one', { limit: 10 })).data).toEqual([recent])
      expect(await subject.log.prune(at(0))).toBe(0)
    })
  })
}
