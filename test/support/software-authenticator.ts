import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto'
import { type CBORType, encodeCBOR } from '@levischuck/tiny-cbor'

/** Where a ceremony happens: the relying party's id (the host name) and the page's origin the browser reports. */
export interface CeremonyContext {
  readonly challenge: string
  readonly rpId: string
  readonly origin: string
}

/** The browser's JSON for `navigator.credentials.create()` (WebAuthn's `RegistrationResponseJSON`). */
export interface RegistrationAnswer {
  readonly id: string
  readonly rawId: string
  readonly type: 'public-key'
  readonly response: {
    readonly clientDataJSON: string
    readonly attestationObject: string
    readonly transports: readonly string[]
  }
  readonly clientExtensionResults: Record<string, never>
  readonly authenticatorAttachment: 'platform'
}

/** The browser's JSON for `navigator.credentials.get()` (WebAuthn's `AuthenticationResponseJSON`). */
export interface AuthenticationAnswer {
  readonly id: string
  readonly rawId: string
  readonly type: 'public-key'
  readonly response: {
    readonly clientDataJSON: string
    readonly authenticatorData: string
    readonly signature: string
    readonly userHandle?: string
  }
  readonly clientExtensionResults: Record<string, never>
  readonly authenticatorAttachment: 'platform'
}

// Authenticator data flags (WebAuthn §6.1): user present, user verified, attested credential data included.
const FLAG_UP = 0x01
const FLAG_UV = 0x04
const FLAG_AT = 0x40

// COSE (RFC 9052/9053) labels and values for an EC2 P-256 key used with ES256.
const COSE_KTY = 1
const COSE_ALG = 3
const COSE_EC2_CRV = -1
const COSE_EC2_X = -2
const COSE_EC2_Y = -3
const COSE_KTY_EC2 = 2
const COSE_ALG_ES256 = -7
const COSE_CRV_P256 = 1

const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest()
const base64url = (data: Uint8Array): string => Buffer.from(data).toString('base64url')

const uint32 = (value: number): Buffer => {
  const bytes = Buffer.alloc(4)
  bytes.writeUInt32BE(value)
  return bytes
}

/**
 * A platform authenticator in software, for ceremonies in tests: one ES256 (P-256) credential made by Node's crypto,
 * registered with a "none" attestation and asserted with a signature over authenticatorData || sha256(clientDataJSON),
 * as a browser and a real authenticator would answer. Each assertion raises the signature counter by one.
 */
export class SoftwareAuthenticator {
  readonly credentialId: string
  readonly transports: readonly string[]
  private readonly privateKey: KeyObject
  private readonly publicKey: KeyObject
  private readonly rawCredentialId: Buffer
  private readonly userHandle: string | undefined
  private counter = 0

  constructor(options: { readonly transports?: readonly string[]; readonly userHandle?: string } = {}) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    this.privateKey = privateKey
    this.publicKey = publicKey
    this.rawCredentialId = randomBytes(32)
    this.credentialId = base64url(this.rawCredentialId)
    this.transports = options.transports ?? ['internal', 'hybrid']
    this.userHandle = options.userHandle
  }

  /** The signature counter the next assertion reports minus one (what a relying party should have stored). */
  get signCount(): number {
    return this.counter
  }

  /** The credential's public key as a COSE_Key, CBOR-encoded (what `attestedCredentialData` carries). */
  cosePublicKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' })
    return encodeCBOR(
      new Map<number, number | Uint8Array>([
        [COSE_KTY, COSE_KTY_EC2],
        [COSE_ALG, COSE_ALG_ES256],
        [COSE_EC2_CRV, COSE_CRV_P256],
        [COSE_EC2_X, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
        [COSE_EC2_Y, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
      ]),
    )
  }

  /** Answers `navigator.credentials.create()`: a new credential with a "none" attestation. */
  register(context: CeremonyContext): RegistrationAnswer {
    const clientDataJSON = this.clientData('webauthn.create', context)
    const credentialIdLength = Buffer.alloc(2)
    credentialIdLength.writeUInt16BE(this.rawCredentialId.length)
    const authenticatorData = Buffer.concat([
      sha256(context.rpId),
      Buffer.from([FLAG_UP | FLAG_UV | FLAG_AT]),
      uint32(this.counter),
      Buffer.alloc(16), // AAGUID: all zeros, as a "none" attestation may give
      credentialIdLength,
      this.rawCredentialId,
      this.cosePublicKey(),
    ])
    const attestationObject = encodeCBOR(
      new Map<string, CBORType>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, CBORType>()],
        ['authData', new Uint8Array(authenticatorData)],
      ]),
    )
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: base64url(clientDataJSON),
        attestationObject: base64url(attestationObject),
        transports: this.transports,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    }
  }

  /** Answers `navigator.credentials.get()`: an assertion signed with the credential's private key. */
  authenticate(context: CeremonyContext): AuthenticationAnswer {
    this.counter += 1
    const clientDataJSON = this.clientData('webauthn.get', context)
    const authenticatorData = Buffer.concat([
      sha256(context.rpId),
      Buffer.from([FLAG_UP | FLAG_UV]),
      uint32(this.counter),
    ])
    // ES256 signatures in WebAuthn are DER-encoded ECDSA, which is what Node's `sign` gives for an EC key.
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.privateKey)
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: base64url(clientDataJSON),
        authenticatorData: base64url(authenticatorData),
        signature: base64url(signature),
        ...(this.userHandle === undefined ? {} : { userHandle: base64url(Buffer.from(this.userHandle, 'utf8')) }),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    }
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', context: CeremonyContext): Buffer {
    return Buffer.from(
      JSON.stringify({ type, challenge: context.challenge, origin: context.origin, crossOrigin: false }),
      'utf8',
    )
  }
}
