import { describe, expect, it } from 'vitest'
import type { Passkey } from '../../core/dashboard/passkey.js'
import type { RelyingParty, VerifiedRegistration, WebAuthnPort } from '../../core/ports/webauthn.js'
import { SoftwareAuthenticator } from '../support/software-authenticator.js'

const relyingParty: RelyingParty = { id: 'app.example', name: 'Example Calendar', origin: 'https://app.example' }
const user = { id: 'mem_1', name: 'ada@example.com' }

const passkeyFrom = (registration: VerifiedRegistration, overrides: Partial<Passkey> = {}): Passkey => ({
  id: registration.credentialId,
  memberId: user.id,
  accountId: 'acc_1',
  publicKey: registration.publicKey,
  counter: registration.counter,
  transports: registration.transports,
  name: 'Work laptop',
  createdAt: new Date('2026-06-01T10:00:00.000Z'),
  lastUsedAt: null,
  ...overrides,
})

/** Browser answers no authenticator would give: each must be refused (null), never thrown on. */
const garbage: readonly unknown[] = [
  null,
  undefined,
  'credential',
  42,
  [],
  {},
  { id: 'abc', type: 'public-key' },
  { id: 'abc', rawId: 'abc', type: 'public-key', response: 'nope' },
  { id: 'abc', rawId: 'abc', type: 'public-key', response: {}, clientExtensionResults: {} },
  {
    id: 'abc',
    rawId: 'abc',
    type: 'public-key',
    response: { clientDataJSON: 'not base64url!', attestationObject: '%%%', authenticatorData: '%%%', signature: '%' },
    clientExtensionResults: {},
  },
]

/**
 * What every WebAuthnPort adapter must do, proved with real ceremonies: a software authenticator (an ES256 key made by
 * Node's crypto, a "none" attestation in CBOR, signed assertions) answers the options the adapter hands out, as a
 * browser would. `make` builds a fresh adapter.
 */
export const webAuthnContract = (name: string, make: () => WebAuthnPort): void => {
  /** Registers a fresh software authenticator through the adapter's own options; the passkey a store would keep. */
  const registered = async (port: WebAuthnPort, authenticator = new SoftwareAuthenticator()): Promise<Passkey> => {
    const { challenge } = await port.registrationOptions({ relyingParty, user, exclude: [] })
    const answer = authenticator.register({ challenge, rpId: relyingParty.id, origin: relyingParty.origin })
    const verified = await port.verifyRegistration(answer, { challenge, relyingParty })
    expect(verified).not.toBeNull()
    return passkeyFrom(verified!)
  }

  describe(`${name} honours the WebAuthnPort contract`, () => {
    describe('registration options', () => {
      it('carry the relying party, the user and the challenge, fresh on each call', async () => {
        const port = make()
        const first = await port.registrationOptions({ relyingParty, user, exclude: [] })
        const second = await port.registrationOptions({ relyingParty, user, exclude: [] })
        expect(first.options).toMatchObject({
          rp: { id: relyingParty.id, name: relyingParty.name },
          user: { name: user.name },
          challenge: first.challenge,
        })
        const userHandle = (first.options as { user: { id: string } }).user.id
        expect(Buffer.from(userHandle, 'base64url').toString('utf8')).toBe(user.id)
        expect(first.challenge).toMatch(/^[A-Za-z0-9_-]{16,}$/)
        expect(second.challenge).not.toBe(first.challenge)
      })

      it('exclude the passkeys the member already has', async () => {
        const port = make()
        const existing = [await registered(port), await registered(port)]
        const { options } = await port.registrationOptions({ relyingParty, user, exclude: existing })
        const excluded = (options as { excludeCredentials?: { id: string; type: string }[] }).excludeCredentials ?? []
        expect(excluded.map((credential) => credential.id).sort()).toEqual(existing.map((passkey) => passkey.id).sort())
        expect(excluded.every((credential) => credential.type === 'public-key')).toBe(true)
      })
    })

    describe('authentication options', () => {
      it('carry the relying party id and a challenge, fresh on each call', async () => {
        const port = make()
        const first = await port.authenticationOptions(relyingParty)
        const second = await port.authenticationOptions(relyingParty)
        expect(first.options).toMatchObject({ rpId: relyingParty.id, challenge: first.challenge })
        expect(first.challenge).toMatch(/^[A-Za-z0-9_-]{16,}$/)
        expect(second.challenge).not.toBe(first.challenge)
      })
    })

    describe('reading an answer before verifying it', () => {
      it('gives the challenge and the credential id a well-formed answer names', () => {
        const port = make()
        const authenticator = new SoftwareAuthenticator()
        const context = { challenge: 'Y2hhbGxlbmdlLW9uZQ', rpId: relyingParty.id, origin: relyingParty.origin }
        for (const answer of [authenticator.register(context), authenticator.authenticate(context)]) {
          expect(port.challengeOf(answer)).toBe(context.challenge)
          expect(port.credentialIdOf(answer)).toBe(authenticator.credentialId)
        }
      })

      it('gives null for a malformed answer, without throwing', () => {
        const port = make()
        const answer = new SoftwareAuthenticator().register({
          challenge: 'Y2hhbGxlbmdlLW9uZQ',
          rpId: relyingParty.id,
          origin: relyingParty.origin,
        })
        const notAnswers: unknown[] = [null, undefined, 'credential', 42, [], {}, { type: 'public-key', response: {} }]
        const badIds: unknown[] = [
          { ...answer, id: 'not base64url!' },
          { ...answer, id: 17 },
          { ...answer, id: '' },
        ]
        const clientData = (clientDataJSON: unknown) => ({
          ...answer,
          response: { ...answer.response, clientDataJSON },
        })
        const badClientData: unknown[] = [
          clientData('not base64url!'),
          clientData(undefined),
          clientData(Buffer.from('not json').toString('base64url')),
          clientData(Buffer.from('{"type":"webauthn.create"}').toString('base64url')),
        ]
        for (const response of [...notAnswers, ...badIds]) expect(port.credentialIdOf(response)).toBeNull()
        for (const response of [...garbage, ...badClientData]) expect(port.challengeOf(response)).toBeNull()
      })
    })

    describe('registration', () => {
      it("accepts the authenticator's answer: its credential id, COSE public key, counter and transports", async () => {
        const port = make()
        const authenticator = new SoftwareAuthenticator({ transports: ['internal', 'hybrid'] })
        const { challenge } = await port.registrationOptions({ relyingParty, user, exclude: [] })
        const answer = authenticator.register({ challenge, rpId: relyingParty.id, origin: relyingParty.origin })
        expect(await port.verifyRegistration(answer, { challenge, relyingParty })).toEqual({
          credentialId: authenticator.credentialId,
          publicKey: Buffer.from(authenticator.cosePublicKey()).toString('base64url'),
          counter: 0,
          transports: ['internal', 'hybrid'],
        })
      })

      it('refuses an answer to another challenge, from another origin or for another relying party', async () => {
        const port = make()
        const authenticator = new SoftwareAuthenticator()
        const { challenge } = await port.registrationOptions({ relyingParty, user, exclude: [] })
        const { challenge: other } = await port.registrationOptions({ relyingParty, user, exclude: [] })
        const context = { challenge, rpId: relyingParty.id, origin: relyingParty.origin }
        const expected = { challenge, relyingParty }
        expect(
          await port.verifyRegistration(authenticator.register({ ...context, challenge: other }), expected),
        ).toBeNull()
        expect(
          await port.verifyRegistration(
            authenticator.register({ ...context, origin: 'https://evil.example' }),
            expected,
          ),
        ).toBeNull()
        expect(
          await port.verifyRegistration(authenticator.register({ ...context, rpId: 'evil.example' }), expected),
        ).toBeNull()
        expect(
          await port.verifyRegistration(authenticator.register(context), {
            challenge,
            relyingParty: { ...relyingParty, id: 'other.example', origin: 'https://other.example' },
          }),
        ).toBeNull()
      })

      it('refuses garbage', async () => {
        const port = make()
        const { challenge } = await port.registrationOptions({ relyingParty, user, exclude: [] })
        for (const response of garbage)
          expect(await port.verifyRegistration(response, { challenge, relyingParty })).toBeNull()
      })
    })

    describe('authentication', () => {
      it("returns the authenticator's new counter for a valid assertion, each time", async () => {
        const port = make()
        const authenticator = new SoftwareAuthenticator()
        let passkey = await registered(port, authenticator)
        for (const expectedCounter of [1, 2]) {
          const { challenge } = await port.authenticationOptions(relyingParty)
          const answer = authenticator.authenticate({ challenge, rpId: relyingParty.id, origin: relyingParty.origin })
          expect(await port.verifyAuthentication(answer, { challenge, relyingParty, passkey })).toEqual({
            counter: expectedCounter,
          })
          passkey = { ...passkey, counter: expectedCounter }
        }
      })

      it('refuses a tampered signature, another challenge, another origin or relying party', async () => {
        const port = make()
        const authenticator = new SoftwareAuthenticator()
        const passkey = await registered(port, authenticator)
        const { challenge } = await port.authenticationOptions(relyingParty)
        const { challenge: other } = await port.authenticationOptions(relyingParty)
        const context = { challenge, rpId: relyingParty.id, origin: relyingParty.origin }
        const expected = { challenge, relyingParty, passkey }

        const answer = authenticator.authenticate(context)
        const signature = Buffer.from(answer.response.signature, 'base64url')
        signature[signature.length - 1]! ^= 0x01
        const tampered = { ...answer, response: { ...answer.response, signature: signature.toString('base64url') } }
        expect(await port.verifyAuthentication(tampered, expected)).toBeNull()

        const forOther = authenticator.authenticate({ ...context, challenge: other })
        expect(await port.verifyAuthentication(forOther, expected)).toBeNull()
        const fromElsewhere = authenticator.authenticate({ ...context, origin: 'https://evil.example' })
        expect(await port.verifyAuthentication(fromElsewhere, expected)).toBeNull()
        const forAnotherParty = authenticator.authenticate({ ...context, rpId: 'evil.example' })
        expect(await port.verifyAuthentication(forAnotherParty, expected)).toBeNull()
      })

      it("refuses an assertion checked against a different passkey's public key", async () => {
        const port = make()
        const authenticator = new SoftwareAuthenticator()
        const passkey = await registered(port, authenticator)
        const stranger = await registered(port)
        const { challenge } = await port.authenticationOptions(relyingParty)
        const answer = authenticator.authenticate({ challenge, rpId: relyingParty.id, origin: relyingParty.origin })
        const wrongKey = { ...passkey, publicKey: stranger.publicKey }
        expect(await port.verifyAuthentication(answer, { challenge, relyingParty, passkey: wrongKey })).toBeNull()
      })

      it('refuses a counter that went back (a cloned authenticator)', async () => {
        const port = make()
        const authenticator = new SoftwareAuthenticator()
        const passkey = await registered(port, authenticator)
        const { challenge } = await port.authenticationOptions(relyingParty)
        const answer = authenticator.authenticate({ challenge, rpId: relyingParty.id, origin: relyingParty.origin })
        const seenFurther = { ...passkey, counter: 5 }
        expect(await port.verifyAuthentication(answer, { challenge, relyingParty, passkey: seenFurther })).toBeNull()
      })

      it('refuses garbage', async () => {
        const port = make()
        const passkey = await registered(port)
        const { challenge } = await port.authenticationOptions(relyingParty)
        for (const response of garbage) {
          expect(await port.verifyAuthentication(response, { challenge, relyingParty, passkey })).toBeNull()
        }
      })
    })
  })
}
