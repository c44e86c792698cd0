import { CryptoRandomSource, UlidIdGenerator } from '../../../adapters/ids/ulid/ulid-ids.js'
import { idGeneratorContract, randomSourceContract } from '../../contracts/id-generator.contract.js'

idGeneratorContract('UlidIdGenerator', () => ({ ids: new UlidIdGenerator() }))
randomSourceContract('CryptoRandomSource', () => ({ random: new CryptoRandomSource() }))
