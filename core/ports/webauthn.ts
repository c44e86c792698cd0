import type { Passkey } from '../dashboard/passkey.js'

/** Who the passkeys belong to: the dashboard's host name (`rpId`) and origin (the production surface's address). */
export interface RelyingParty {
  readonly id: string
  readonly name: string
  readonly origin: string
}

/** A credential the authenticator made, once its attestation checked out. */
export interface VerifiedRegistration {
  readonly credentialId: string
  readonly publicKey: string
  readonly counter: number
  readonly transports: readonly string[]
}

/**
 * WebAuthn's ceremonies (a library's job: CBOR, COSE keys, attestation formats, signatures). Options are JSON for
 * the browser's `navigator.credentials`; answers are the browser's JSON, untrusted: a malformed one verifies as null.
 */
export interface WebAuthnPort {
  registrationOptions(input: {
    readonly relyingParty: RelyingParty
    readonly user: { readonly id: string; readonly name: string }
    readonly exclude: readonly Passkey[]
  }): Promise<{ readonly options: unknown; readonly challenge: string }>
  authenticationOptions(relyingParty: RelyingParty): Promise<{ readonly options: unknown; readonly challenge: string }>
  /** The challenge an answer claims to answer (its client data's), or null for a malformed answer. */
  challengeOf(response: unknown): string | null
  /** The credential id an answer names, or null. */
  credentialIdOf(response: unknown): string | null
  verifyRegistration(
    response: unknown,
    expected: { readonly challenge: string; readonly relyingParty: RelyingParty },
  ): Promise<VerifiedRegistration | null>
  /** The authenticator's new counter when the signature checks out with the passkey's public key, else null. */
  verifyAuthentication(
    response: unknown,
    expected: { readonly challenge: string; readonly relyingParty: RelyingParty; readonly passkey: Passkey },
  ): Promise<{ readonly counter: number } | null>
}
