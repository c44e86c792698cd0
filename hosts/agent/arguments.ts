import { decodeRequest } from '../../contracts/validation.js'
import type { Json, Tool } from '../../core/agent/agent-tool.js'
import type { ArgumentsDecoder } from '../../core/agent/tool-calls.js'
import { err, ok } from '../../core/shared/result.js'

/** A tool's arguments, decoded as a request body is (unknown keys refused); a problem names `arguments.<param>`. */
export const decodeArguments: ArgumentsDecoder = (tool: Tool, raw: unknown) => {
  const decoded = decodeRequest(tool.arguments as never, raw)
  if (decoded.ok) return ok(decoded.value as Json)
  const { code, message, param } = decoded.problem
  return err({ code, message, param: param === null ? 'arguments' : `arguments.${param}` })
}
