import { loggerContract } from '../../contracts/logger.contract.js'
import { RecordingLogger } from '../../support/fakes/recording-logger.js'

loggerContract('RecordingLogger (the tests’ fake)', () => {
  const logger = new RecordingLogger()
  return { logger, lines: () => [...logger.lines] }
})
