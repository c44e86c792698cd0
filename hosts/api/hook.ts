import type { FastifyReply, FastifyRequest, onRequestHookHandler, onSendHookHandler } from 'fastify'

/**
 * A hook that usually has nothing to wait for. `work` returns `undefined` when it
 * finished synchronously without answering (the common path: a GET without
 * Idempotency-Key, a request id, a version header), the reply when it answered
 * (a refusal), and a promise when it had to wait (a store, a port). Fastify runs
 * the first case on as a callback hook, without the promise and microtask an
 * `async` hook costs on every request, and the others as an async hook: its runner
 * continues when the returned thenable settles, and a rejection is the request's
 * error. A hook that answered must hand back the reply (or a promise that
 * resolves to it), never `undefined`: the reply is a thenable that settles once
 * the response has finished, and only then does Fastify see it sent and stop. An
 * answer whose onSend hooks wait (a store on MongoDB) has not finished when the
 * hook returns, and calling `done()` would run the route anyway.
 */
export const maybeAsyncHook = (
  work: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> | FastifyReply | undefined,
): onRequestHookHandler => {
  // A callback hook's declared result is `void`, which any result may stand in for: Fastify awaits a thenable one.
  const hook: onRequestHookHandler = (request, reply, done) => {
    const pending = work(request, reply)
    if (pending === undefined) done()
    // Fastify continues the chain once this settles (a callback hook that returns a thenable is awaited).
    else return pending
  }
  return hook
}

/** The same for `onSend`: `undefined` passes the payload on unchanged at once; a promise resolves to the payload. */
export const maybeAsyncOnSend = (
  work: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown> | undefined,
): onSendHookHandler => {
  const hook: onSendHookHandler = (request, reply, payload, done) => {
    const pending = work(request, reply, payload)
    if (pending === undefined) done(null, payload)
    else return pending
  }
  return hook
}
