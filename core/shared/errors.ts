import { Data } from 'effect'
/**
 * Failures shared by every resource. Module-specific errors live beside their
 * module (`user.errors.ts`, ...); `domain-error.ts` gathers them all into `DomainError`.
 */
export class ResourceNotFound extends Data.TaggedError('ResourceNotFound')<{
  /** Wire name of the resource (`user`, `event`, ...). */
  readonly resource: string
  readonly id: string
  /** The request parameter that carried the id, when it was not the path. */
  readonly param?: string
}> {}

/** A value the contract accepted but the domain refuses (names the parameter). */
export class InvalidParameter extends Data.TaggedError('InvalidParameter')<{
  readonly param: string
  readonly message: string
}> {}

/** A parameter the request must carry (one of a pair, say) is absent; names it. */
export class MissingParameter extends Data.TaggedError('MissingParameter')<{
  readonly param: string
  readonly message: string
}> {}

/** Lost an optimistic-concurrency race; nothing was written and the caller may retry. */
export class ConcurrentModification extends Data.TaggedError('ConcurrentModification')<{
  readonly resource: string
  readonly id: string
}> {}

/** A command that a state machine's table does not allow from the current state. */
export class InvalidTransition extends Data.TaggedError('InvalidTransition')<{
  readonly resource: string
  readonly from: string
  readonly command: string
}> {}

export type CommonError =
  | ResourceNotFound
  | InvalidParameter
  | MissingParameter
  | ConcurrentModification
  | InvalidTransition
