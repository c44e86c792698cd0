import { SimpleWebAuthnAdapter } from '../../../adapters/webauthn/simplewebauthn/simplewebauthn-adapter.js'
import { webAuthnContract } from '../../contracts/webauthn.contract.js'

webAuthnContract('SimpleWebAuthnAdapter', () => new SimpleWebAuthnAdapter())
