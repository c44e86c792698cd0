/**
 * Expected failures are values, not exceptions: a use case returns `Ok` or `Err`
 * and the host maps the error's `_tag` onto the wire. Only bugs throw.
 */
export type Ok<T> = { readonly ok: true; readonly value: T }
export type Err<E> = { readonly ok: false; readonly error: E }
export type Result<T, E> = Ok<T> | Err<E>

export const ok = <T>(value: T): Ok<T> => ({ ok: true, value })
export const err = <E>(error: E): Err<E> => ({ ok: false, error })

export const isOk = <T, E>(result: Result<T, E>): result is Ok<T> => result.ok
export const isErr = <T, E>(result: Result<T, E>): result is Err<E> => !result.ok

/** Unwraps a result whose failure would be a bug (tests, invariants). */
export const expectOk = <T, E>(result: Result<T, E>, context = 'expected Ok'): T => {
  if (result.ok) return result.value
  throw new Error(`${context}: ${JSON.stringify(result.error)}`)
}

export const mapResult = <T, U, E>(result: Result<T, E>, f: (value: T) => U): Result<U, E> =>
  result.ok ? ok(f(result.value)) : result
