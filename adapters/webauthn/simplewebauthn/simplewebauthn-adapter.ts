import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import type { Passkey } from '../../../core/dashboard/passkey.js'
import type { RelyingParty, VerifiedRegistration, WebAuthnPort } from '../../../core/ports/webauthn.js'

const TIMEOUT_MS = 5 * 60_000
/** A credential id as the browser gives it: base64url without padding, at most 1023 bytes (WebAuthn §5.1) once decoded. */
const CREDENTIAL_ID = /^[A-Za-z0-9_-]{1,1364}$/

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

/** The `challenge` in an answer's base64url client data JSON. */
const clientDataChallenge = (response: unknown): string | null => {
  if (!isRecord(response) || !isRecord(response.response)) return null
  const clientData = response.response.clientDataJSON
  if (typeof clientData !== 'string' || clientData.length > 4096) return null
  try {
    const parsed: unknown = JSON.parse(Buffer.from(clientData, 'base64url').toString('utf8'))
    return isRecord(parsed) && typeof parsed.challenge === 'string' ? parsed.challenge : null
  } catch {
    return null
  }
}

/**
 * WebAuthn through @simplewebauthn/server. Passkeys are discoverable (resident) credentials, so that signing in
 * needs no e-mail first; user verification is preferred (a PIN or a fingerprint where the authenticator has one).
 * A malformed answer, which the library rejects by throwing, is a failed verification here.
 */
export class SimpleWebAuthnAdapter implements WebAuthnPort {
  async registrationOptions(input: {
    readonly relyingParty: RelyingParty
    readonly user: { readonly id: string; readonly name: string }
    readonly exclude: readonly Passkey[]
  }) {
    const options = await generateRegistrationOptions({
      rpName: input.relyingParty.name,
      rpID: input.relyingParty.id,
      userName: input.user.name,
      userID: new TextEncoder().encode(input.user.id),
      timeout: TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: input.exclude.map((passkey) => ({
        id: passkey.id,
        transports: [...passkey.transports] as AuthenticatorTransport[],
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    })
    return { options, challenge: options.challenge }
  }

  async authenticationOptions(relyingParty: RelyingParty) {
    const options = await generateAuthenticationOptions({
      rpID: relyingParty.id,
      timeout: TIMEOUT_MS,
      userVerification: 'preferred',
    })
    return { options, challenge: options.challenge }
  }

  challengeOf(response: unknown): string | null {
    return clientDataChallenge(response)
  }

  credentialIdOf(response: unknown): string | null {
    return isRecord(response) && typeof response.id === 'string' && CREDENTIAL_ID.test(response.id) ? response.id : null
  }

  async verifyRegistration(
    response: unknown,
    expected: { readonly challenge: string; readonly relyingParty: RelyingParty },
  ): Promise<VerifiedRegistration | null> {
    try {
      const verified = await verifyRegistrationResponse({
        response: response as RegistrationResponseJSON,
        expectedChallenge: expected.challenge,
        expectedOrigin: expected.relyingParty.origin,
        expectedRPID: expected.relyingParty.id,
        requireUserVerification: false,
      })
      if (!verified.verified) return null
      const { credential } = verified.registrationInfo
      return {
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
      }
    } catch {
      return null
    }
  }

  async verifyAuthentication(
    response: unknown,
    expected: { readonly challenge: string; readonly relyingParty: RelyingParty; readonly passkey: Passkey },
  ): Promise<{ readonly counter: number } | null> {
    try {
      const verified = await verifyAuthenticationResponse({
        response: response as AuthenticationResponseJSON,
        expectedChallenge: expected.challenge,
        expectedOrigin: expected.relyingParty.origin,
        expectedRPID: expected.relyingParty.id,
        credential: {
          id: expected.passkey.id,
          publicKey: new Uint8Array(Buffer.from(expected.passkey.publicKey, 'base64url')),
          counter: expected.passkey.counter,
          transports: [...expected.passkey.transports] as AuthenticatorTransport[],
        },
        requireUserVerification: false,
      })
      return verified.verified ? { counter: verified.authenticationInfo.newCounter } : null
    } catch {
      return null
    }
  }
}
