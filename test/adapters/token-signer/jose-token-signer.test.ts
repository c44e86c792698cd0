import { randomBytes } from 'node:crypto'
import { JoseTokenSigner } from '../../../adapters/token-signer/jose/jose-token-signer.js'
import { tokenSignerContract } from '../../contracts/token-signer.contract.js'

const key = randomBytes(32)
tokenSignerContract(
  'JoseTokenSigner',
  () => new JoseTokenSigner(key),
  () => new JoseTokenSigner(randomBytes(32)),
)
