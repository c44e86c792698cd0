import { EmbeddedSpeechModel } from '../../../adapters/speech-model/embedded/embedded-speech-model.js'
import { speechModelContract } from '../../contracts/speech-model.contract.js'

speechModelContract('EmbeddedSpeechModel', async () => ({ model: new EmbeddedSpeechModel(), callFunction: null }))
