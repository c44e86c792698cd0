import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type ConsentTicketRecord, consentTicketStatus } from '../../core/oauth/consent-ticket.js'
import type { ConsentTicketLogPort } from '../../core/ports/consent-ticket-log.js'

export interface ConsentTicketLogSubject {
  readonly log: ConsentTicketLogPort
  readonly teardown?: () => Promise<void>
}

const BASE = new Date('2026-06-01T08:00:00Z').getTime()
const at = (minutes: number) => new Date(BASE + minutes * 60_000)

let counter = 0
const ticket = (overrides: Partial<ConsentTicketRecord> = {}): ConsentTicketRecord => {
  counter += 1
  return {
    id: `octk_${String(counter).padStart(8, '0')}`,
    platformId: 'acct_one',
    livemode: true,
    applicationId: 'oapp_one',
    connectedAccountId: 'acct_connected',
    ticketHash: `hash_${counter}`,
    createdAt: at(counter),
    expiresAt: at(counter + 10),
    usedAt: null,
    decision: null,
    scopes: null,
    ...overrides,
  }
}

const idsOf = (page: { readonly data: readonly ConsentTicketRecord[] }) => page.data.map((t) => t.id)

/** What every ConsentTicketLogPort adapter must do. */
export const consentTicketLogContract = (
  name: string,
  makeSubject: () => ConsentTicketLogSubject | Promise<ConsentTicketLogSubject>,
): void => {
  describe(`${name} honours the ConsentTicketLogPort contract`, () => {
    let subject: ConsentTicketLogSubject
    beforeEach(async () => {
      subject = await makeSubject()
    })
    afterEach(async () => {
      await subject.teardown?.()
    })

    it('reads back every field, newest first, of one platform and surface only', async () => {
      const first = ticket()
      const second = ticket({ applicationId: 'oapp_two', connectedAccountId: 'acct_else' })
      const sandbox = ticket({ livemode: false })
      const other = ticket({ platformId: 'acct_other' })
      for (const each of [first, second, sandbox, other]) await subject.log.record(each)
      expect(await subject.log.list('acct_one', true, { limit: 10 })).toEqual({ data: [second, first], hasMore: false })
      expect(idsOf(await subject.log.list('acct_one', false, { limit: 10 }))).toEqual([sandbox.id])
      expect(idsOf(await subject.log.list('acct_other', true, { limit: 10 }))).toEqual([other.id])
    })

    it('pages newest first: a page, then what was issued before its last record', async () => {
      const written = [ticket(), ticket(), ticket(), ticket()]
      for (const each of written) await subject.log.record(each)
      const first = await subject.log.list('acct_one', true, { limit: 2 })
      expect(idsOf(first)).toEqual([written[3]?.id, written[2]?.id])
      expect(first.hasMore).toBe(true)
      const rest = await subject.log.list('acct_one', true, { limit: 10, startingAfter: written[2]?.id })
      expect(idsOf(rest)).toEqual([written[1]?.id, written[0]?.id])
      expect(rest.hasMore).toBe(false)
    })

    it('marks a ticket used once, by its hash: a second use keeps the first', async () => {
      const issued = ticket()
      const untouched = ticket()
      await subject.log.record(issued)
      await subject.log.record(untouched)
      await subject.log.markUsed(issued.ticketHash, { at: at(500), decision: 'allow', scopes: ['events:read'] })
      await subject.log.markUsed(issued.ticketHash, { at: at(501), decision: 'deny', scopes: [] })
      await subject.log.markUsed('hash_unknown', { at: at(502), decision: 'allow', scopes: [] })
      const [used, other] = (await subject.log.list('acct_one', true, { limit: 10 })).data.reverse()
      expect(used).toEqual({ ...issued, usedAt: at(500), decision: 'allow', scopes: ['events:read'] })
      expect(other).toEqual(untouched)
      expect(used === undefined ? null : consentTicketStatus(used, at(501))).toBe('used')
      expect(other === undefined ? null : consentTicketStatus(other, untouched.expiresAt)).toBe('expired')
      expect(other === undefined ? null : consentTicketStatus(other, untouched.createdAt)).toBe('issued')
    })

    it('prunes the records of tickets issued before the bound, and nothing after it', async () => {
      const old = ticket({ createdAt: at(-100) })
      const recent = ticket()
      await subject.log.record(old)
      await subject.log.record(recent)
      expect(await subject.log.prune(at(0))).toBe(1)
      expect(idsOf(await subject.log.list('acct_one', true, { limit: 10 }))).toEqual([recent.id])
    })
  })
}
