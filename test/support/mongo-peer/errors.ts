// Server errors as MongoDB reports them: a numeric code, its codeName, and sometimes error labels.
// Codes from https://github.com/mongodb/mongo/blob/master/src/mongo/base/error_codes.yml
import type { Document } from 'bson'

export const ErrorCodes = {
  BadValue: 2,
  FailedToParse: 9,
  TypeMismatch: 14,
  InvalidLength: 16,
  NamespaceNotFound: 26,
  IndexNotFound: 27,
  ConflictingUpdateOperators: 40,
  CursorNotFound: 43,
  NamespaceExists: 48,
  ImmutableField: 66,
  InvalidOptions: 72,
  InvalidNamespace: 73,
  IndexOptionsConflict: 85,
  IndexKeySpecsConflict: 86,
  WriteConflict: 112,
  CommandNotFound: 59,
  NoSuchTransaction: 251,
  TransactionCommitted: 256,
  OperationNotSupportedInTransaction: 263,
  DuplicateKey: 11000,
} as const

export type ErrorCodeName = keyof typeof ErrorCodes

export class CommandError extends Error {
  readonly code: number
  readonly codeName: string

  constructor(
    codeName: ErrorCodeName,
    message: string,
    readonly extra: Document = {},
    readonly errorLabels: readonly string[] = [],
  ) {
    super(message)
    this.code = ErrorCodes[codeName]
    this.codeName = codeName
  }

  toReply(): Document {
    return {
      ok: 0,
      errmsg: this.message,
      code: this.code,
      codeName: this.codeName,
      ...this.extra,
      ...(this.errorLabels.length > 0 ? { errorLabels: [...this.errorLabels] } : {}),
    }
  }

  /** The shape of one entry of a write command's writeErrors array. */
  toWriteError(index: number): Document {
    return { index, code: this.code, errmsg: this.message, ...this.extra }
  }
}

/** Errors thrown by mingo (bad operators, conflicting update paths) become a BadValue-like server error. */
export function asCommandError(error: unknown): CommandError {
  if (error instanceof CommandError) return error
  const message = error instanceof Error ? error.message : String(error)
  if (/would create a conflict/.test(message)) return new CommandError('ConflictingUpdateOperators', message)
  return new CommandError('BadValue', message)
}
