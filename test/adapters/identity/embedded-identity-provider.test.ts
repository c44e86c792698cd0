import { EmbeddedIdentityProvider } from '../../../adapters/identity/embedded/identity-provider.js'
import { identityProviderContract } from '../../contracts/identity-provider.contract.js'

identityProviderContract('EmbeddedIdentityProvider', () => ({ identity: new EmbeddedIdentityProvider() }))
