import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { IdempotencyStorePort, StoredResponse } from '../../core/ports/idempotency-store.js'

export interface IdempotencyStoreSubject {
  readonly store: IdempotencyStorePort
  readonly teardown?: () => Promise<void>
}

const DAY_MS = 24 * 60 * 60 * 1000
const LEASE_MS = 60_000
// Far from the real clock: the store must go by the `now` it is given, never by its own.
const t0 = new Date('2031-03-04T05:06:07Z')
const at = (ms: number) => new Date(t0.getTime() + ms)

const scope = 'key_a|POST /v1/users|retry-1'
const created: StoredResponse = {
  statusCode: 201,
  headers: { 'content-type': 'application/json; charset=utf-8', location: '/v1/users/usr_1' },
  body: '{"id":"usr_1","object":"user"}',
}

/** What every IdempotencyStorePort adapter must do; call it from the adapter's own test file. */
export const idempotencyStoreContract = (
  name: string,
  makeSubject: () => IdempotencyStoreSubject | Promise<IdempotencyStoreSubject>,
): void => {
  describe(`${name} honours the IdempotencyStorePort contract`, () => {
    let subject: IdempotencyStoreSubject
    beforeEach(async () => {
      subject = await makeSubject()
    })
    afterEach(async () => {
      await subject.teardown?.()
    })

    const claim = (fingerprint: string, now: Date, forScope = scope) =>
      subject.store.claim(forScope, fingerprint, now, DAY_MS, LEASE_MS)

    describe('a key goes from in flight to complete', () => {
      it('the first claim executes; the same request while it runs is in flight', async () => {
        expect(await claim('fp1', t0)).toEqual({ kind: 'execute' })
        expect(await claim('fp1', at(1_000))).toEqual({ kind: 'in_flight' })
      })

      it('once complete, the same request replays the stored response exactly', async () => {
        await claim('fp1', t0)
        await subject.store.complete(scope, created)
        expect(await claim('fp1', at(1_000))).toEqual({ kind: 'replay', response: created })
        expect(await claim('fp1', at(2_000))).toEqual({ kind: 'replay', response: created })
      })

      it('another request with the same key is a mismatch, in flight or complete, and does not disturb the record', async () => {
        await claim('fp1', t0)
        expect(await claim('fp2', at(1_000))).toEqual({ kind: 'mismatch' })
        await subject.store.complete(scope, created)
        expect(await claim('fp2', at(2_000))).toEqual({ kind: 'mismatch' })
        expect(await claim('fp1', at(3_000))).toEqual({ kind: 'replay', response: created })
      })

      it('a released claim stored nothing: the key executes again, even with another request', async () => {
        await claim('fp1', t0)
        await subject.store.release(scope)
        expect(await claim('fp2', at(1_000))).toEqual({ kind: 'execute' })
      })

      it('release never forgets a completed response', async () => {
        await claim('fp1', t0)
        await subject.store.complete(scope, created)
        await subject.store.release(scope)
        expect(await claim('fp1', at(1_000))).toEqual({ kind: 'replay', response: created })
      })

      it('a claim whose holder never answers within the lease is abandoned and executes again', async () => {
        await claim('fp1', t0)
        expect(await claim('fp1', at(LEASE_MS / 2))).toEqual({ kind: 'in_flight' })
        expect(await claim('fp1', at(LEASE_MS + 1))).toEqual({ kind: 'execute' })
        expect(await claim('fp1', at(LEASE_MS + 2))).toEqual({ kind: 'in_flight' })
      })
    })

    describe('keys are scoped (API key + endpoint + key, combined by the caller)', () => {
      it('the same key in another scope is independent', async () => {
        await claim('fp1', t0)
        await subject.store.complete(scope, created)
        const otherEndpoint = 'key_a|POST /v1/events|retry-1'
        const otherApiKey = 'key_b|POST /v1/users|retry-1'
        expect(await claim('fp1', at(1), otherEndpoint)).toEqual({ kind: 'execute' })
        expect(await claim('fp2', at(1), otherApiKey)).toEqual({ kind: 'execute' })
        await subject.store.release(otherEndpoint)
        expect(await claim('fp1', at(2))).toEqual({ kind: 'replay', response: created })
        expect(await claim('fp2', at(2), otherApiKey)).toEqual({ kind: 'in_flight' })
      })
    })

    describe('keys expire after their lifetime (24 hours), on the clock passed in', () => {
      it('replays just before the lifetime ends, and executes afresh after it', async () => {
        await claim('fp1', t0)
        await subject.store.complete(scope, created)
        expect(await claim('fp1', at(DAY_MS - 1))).toEqual({ kind: 'replay', response: created })
        expect(await claim('fp2', at(DAY_MS + 1))).toEqual({ kind: 'execute' })
        expect(await claim('fp2', at(DAY_MS + 2))).toEqual({ kind: 'in_flight' })
        expect(await claim('fp1', at(DAY_MS + 3))).toEqual({ kind: 'mismatch' })
      })

      it('the lifetime runs from the first claim, not from each replay', async () => {
        await claim('fp1', t0)
        await subject.store.complete(scope, created)
        expect(await claim('fp1', at(DAY_MS - 10))).toEqual({ kind: 'replay', response: created })
        expect(await claim('fp1', at(DAY_MS + 10))).toEqual({ kind: 'execute' })
      })
    })

    describe('claims are atomic', () => {
      it('of concurrent claims of one key, exactly one executes', async () => {
        const claims = await Promise.all(Array.from({ length: 5 }, () => claim('fp1', t0)))
        expect(claims.filter((result) => result.kind === 'execute')).toHaveLength(1)
        expect(claims.filter((result) => result.kind === 'in_flight')).toHaveLength(4)
      })
    })
  })
}
