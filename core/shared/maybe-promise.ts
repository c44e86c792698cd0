/**
 * A value now, or a promise of it. The ports on the path of every authenticated
 * request (key and account lookup, rate limits, fetching one resource) answer
 * this way: the embedded adapters answer at once, the MongoDB ones with a promise.
 * Code that chains them with `whenReady` then runs without a promise, a microtask
 * and an allocation per step when the adapter answered at once, and exactly as
 * before when it did not. `await` accepts both, so other callers are unchanged.
 */
export type MaybePromise<T> = T | Promise<T>

/**
 * Runs `next` on the value: at once when there is one, once the promise settles
 * otherwise (a rejection passes through). Adapters answer with native promises
 * (async functions, the MongoDB driver), so `instanceof Promise` tells the two apart.
 */
export const whenReady = <A, B>(value: MaybePromise<A>, next: (value: A) => MaybePromise<B>): MaybePromise<B> =>
  value instanceof Promise ? value.then(next) : next(value)
