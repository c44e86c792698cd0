/** The largest request body, in bytes: larger ones are refused 413 `body_too_large`. */
export const BODY_LIMIT_BYTES = 1024 * 1024

/**
 * How deep a JSON body may nest objects and arrays (the body itself is level 1). `JSON.parse` handles any depth,
 * but the stages after it (the idempotency fingerprint, validation, request upgrades) walk the body recursively:
 * a 40 KB body nested 20,000 levels deep overflowed the stack. No request of the API needs more than a few levels.
 */
export const MAX_BODY_DEPTH = 32

/** Whether `value` nests objects and arrays more than `limit` levels deep; iterative, so any depth is safe to ask about. */
export const nestsDeeperThan = (value: unknown, limit: number): boolean => {
  const pending: { readonly container: object; readonly depth: number }[] = []
  if (value !== null && typeof value === 'object') pending.push({ container: value, depth: 1 })
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next.depth > limit) return true
    for (const child of Object.values(next.container)) {
      if (child !== null && typeof child === 'object') pending.push({ container: child, depth: next.depth + 1 })
    }
  }
  return false
}

/** The JSON body parser's refusal of a body nested deeper than `MAX_BODY_DEPTH`; answered 400 `body_too_deep`. */
export class BodyTooDeep extends Error {
  readonly statusCode = 400
  constructor() {
    super(`The request body nests objects and arrays more than ${MAX_BODY_DEPTH} levels deep.`)
    this.name = 'BodyTooDeep'
  }
}
