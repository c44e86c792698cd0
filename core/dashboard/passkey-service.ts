import type { Clock } from '../ports/clock.js'
import type { MemberRepositoryPort } from '../ports/member-repository.js'
import type { PasskeyStorePort } from '../ports/passkey-store.js'
import type { RelyingParty, WebAuthnPort } from '../ports/webauthn.js'
import { InvalidParameter, ResourceNotFound } from '../shared/errors.js'
import { err, ok, type Result } from '../shared/result.js'
import type { Member } from './member.js'
import { MAX_PASSKEYS_PER_MEMBER, PASSKEY_CHALLENGE_TTL_MS, type Passkey } from './passkey.js'
import type { SignInService, StartedSession } from './sign-in-service.js'

export interface PasskeyServiceDeps {
  readonly passkeys: PasskeyStorePort
  readonly members: MemberRepositoryPort
  readonly webauthn: WebAuthnPort
  readonly signIn: SignInService
  readonly clock: Clock
  /** The production surface's public address decides the relying party (its host name and origin). */
  readonly relyingParty: () => RelyingParty
}

const MAX_NAME = 64

/**
 * Passkeys: a signed-in member registers one (a WebAuthn registration answering a challenge made for them), and
 * anyone may then sign in with one (an authentication answering a challenge, the passkey naming its member). Each
 * challenge is used once, within five minutes; a removed member's passkeys sign nobody in.
 */
export class PasskeyService {
  constructor(private readonly deps: PasskeyServiceDeps) {}

  list(member: Member): Promise<Passkey[]> {
    return this.deps.passkeys.listPasskeys(member.id)
  }

  async registrationOptions(member: Member): Promise<unknown> {
    const { options, challenge } = await this.deps.webauthn.registrationOptions({
      relyingParty: this.deps.relyingParty(),
      user: { id: member.id, name: member.email },
      exclude: await this.deps.passkeys.listPasskeys(member.id),
    })
    await this.deps.passkeys.saveChallenge({
      challenge,
      purpose: 'register',
      memberId: member.id,
      expiresAt: new Date(this.deps.clock.now().getTime() + PASSKEY_CHALLENGE_TTL_MS),
    })
    return options
  }

  async register(member: Member, response: unknown, name: string | null): Promise<Result<Passkey, InvalidParameter>> {
    const refused = (message: string) => err(new InvalidParameter({ param: 'credential', message }))
    const now = this.deps.clock.now()
    const claimed = this.deps.webauthn.challengeOf(response)
    if (claimed === null) return refused('credential is the browser’s answer to the registration options.')
    const challenge = await this.deps.passkeys.takeChallenge(claimed, now)
    if (challenge === null || challenge.purpose !== 'register' || challenge.memberId !== member.id)
      return refused('This registration was not asked for, or it is older than five minutes: start again.')
    const existing = await this.deps.passkeys.listPasskeys(member.id)
    if (existing.length >= MAX_PASSKEYS_PER_MEMBER)
      return refused(`A member has at most ${MAX_PASSKEYS_PER_MEMBER} passkeys: remove one first.`)
    const verified = await this.deps.webauthn.verifyRegistration(response, {
      challenge: challenge.challenge,
      relyingParty: this.deps.relyingParty(),
    })
    if (verified === null) return refused('The authenticator’s answer did not verify.')
    const passkey: Passkey = {
      id: verified.credentialId,
      memberId: member.id,
      accountId: member.accountId,
      publicKey: verified.publicKey,
      counter: verified.counter,
      transports: verified.transports,
      name: (name ?? '').trim().slice(0, MAX_NAME) || `Passkey ${existing.length + 1}`,
      createdAt: now,
      lastUsedAt: null,
    }
    if (!(await this.deps.passkeys.insertPasskey(passkey))) return refused('This passkey is already registered.')
    return ok(passkey)
  }

  async remove(member: Member, id: string): Promise<Result<Passkey, ResourceNotFound>> {
    const passkey = await this.deps.passkeys.findPasskey(id)
    if (passkey === null || passkey.memberId !== member.id || !(await this.deps.passkeys.deletePasskey(member.id, id)))
      return err(new ResourceNotFound({ resource: 'passkey', id }))
    return ok(passkey)
  }

  async signInOptions(): Promise<unknown> {
    const { options, challenge } = await this.deps.webauthn.authenticationOptions(this.deps.relyingParty())
    await this.deps.passkeys.saveChallenge({
      challenge,
      purpose: 'sign_in',
      memberId: null,
      expiresAt: new Date(this.deps.clock.now().getTime() + PASSKEY_CHALLENGE_TTL_MS),
    })
    return options
  }

  /** A new session for the passkey's member, or null (the same for every failure: nothing tells them apart). */
  async signIn(response: unknown, previousSessionId: string | null): Promise<StartedSession | null> {
    const now = this.deps.clock.now()
    const claimed = this.deps.webauthn.challengeOf(response)
    const credentialId = this.deps.webauthn.credentialIdOf(response)
    if (claimed === null || credentialId === null) return null
    const challenge = await this.deps.passkeys.takeChallenge(claimed, now)
    if (challenge === null || challenge.purpose !== 'sign_in') return null
    const passkey = await this.deps.passkeys.findPasskey(credentialId)
    if (passkey === null) return null
    const member = await this.deps.members.get(passkey.memberId)
    if (member === null || member.status === 'removed' || member.accountId !== passkey.accountId) return null
    const verified = await this.deps.webauthn.verifyAuthentication(response, {
      challenge: challenge.challenge,
      relyingParty: this.deps.relyingParty(),
      passkey,
    })
    if (verified === null) return null
    await this.deps.passkeys.recordPasskeyUse(passkey.id, verified.counter, now)
    return this.deps.signIn.startSession(member, previousSessionId)
  }
}
