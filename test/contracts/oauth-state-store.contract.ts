import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { OAuthStateStorePort } from '../../core/ports/oauth-state-store.js'
import { FIXTURE_BASE, makeOAuthState } from '../support/connection-fixtures.js'

export interface OAuthStateStoreSubject {
  readonly states: OAuthStateStorePort
  readonly teardown?: () => Promise<void>
}

const at = (minutes: number) => new Date(FIXTURE_BASE.getTime() + minutes * 60_000)

/** What every OAuthStateStorePort adapter must do. */
export const oauthStateStoreContract = (
  name: string,
  makeSubject: () => OAuthStateStoreSubject | Promise<OAuthStateStoreSubject>,
): void => {
  describe(`${name} honours the OAuthStateStorePort contract`, () => {
    let subject: OAuthStateStoreSubject
    beforeEach(async () => {
      subject = await makeSubject()
    })
    afterEach(async () => {
      await subject.teardown?.()
    })

    it('gives a state back once, with its PKCE verifier', async () => {
      const state = makeOAuthState({ expiresAt: at(10) })
      await subject.states.save(state)
      expect(await subject.states.peek(state.state, at(1))).toEqual(state)
      expect(await subject.states.take(state.state, at(1))).toEqual(state)
      expect(await subject.states.take(state.state, at(1))).toBeNull()
      expect(await subject.states.peek(state.state, at(1))).toBeNull()
    })

    it('finds nothing at or after the expiry', async () => {
      const state = makeOAuthState({ expiresAt: at(10) })
      await subject.states.save(state)
      expect(await subject.states.peek(state.state, at(10))).toBeNull()
      expect(await subject.states.take(state.state, at(9))).toBeNull()
    })

    it('finds nothing for an unknown state, and keeps states apart', async () => {
      const one = makeOAuthState()
      const two = makeOAuthState()
      await subject.states.save(one)
      await subject.states.save(two)
      expect(await subject.states.take('st_unknown', at(0))).toBeNull()
      expect((await subject.states.take(one.state, at(0)))?.state).toBe(one.state)
      expect((await subject.states.take(two.state, at(0)))?.state).toBe(two.state)
    })
  })
}
