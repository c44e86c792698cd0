import { connect } from 'node:net'
import Fastify from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { MemoryIdempotencyStore } from '../../adapters/storage/memory/idempotency-store.js'
import { idempotencyPlugin } from '../../hosts/api/plugins/idempotency.js'
import '../../hosts/api/request-context.js'

/**
 * A request that claimed an Idempotency-Key and whose connection closes before it
 * answers must give the key back at once, not hold it for the in-flight lease
 * (60 s): the client will retry with the same key.
 */
const started: { close(): Promise<void> }[] = []
afterEach(async () => {
  await Promise.all(started.splice(0).map((app) => app.close()))
})

/** The in-memory store, noting each key it gives back. */
class ReleaseRecordingStore extends MemoryIdempotencyStore {
  readonly released: string[] = []

  override async release(scope: string): Promise<void> {
    this.released.push(scope)
    return super.release(scope)
  }
}

const serve = async () => {
  const store = new ReleaseRecordingStore()
  const { released } = store
  let enter!: () => void
  const entered = new Promise<void>((resolve) => (enter = resolve))
  let finish!: () => void
  const finished = new Promise<void>((resolve) => (finish = resolve))
  const app = Fastify({ logger: false })
  app.decorateRequest('auth', null)
  app.decorateRequest('connectedAccount', null)
  app.decorateRequest('requestId', '')
  app.addHook('onRequest', async (request) => {
    request.auth = { key: { id: 'key_1' } } as never
  })
  await app.register(idempotencyPlugin, { store, clock: { now: () => new Date() } })
  app.post('/slow', async (request) => {
    // What the API's routes mark once validation passed: only then is an answer stored.
    request.operationRan = true
    enter()
    await finished
    return { done: true }
  })
  const url = new URL(await app.listen({ host: '127.0.0.1', port: 0 }))
  started.push(app)
  return { store, released, entered, finish, port: Number(url.port) }
}

describe('Idempotency: a request whose connection closes before it answers', () => {
  it('releases its key when the connection goes, so a retry with the same key executes', async () => {
    const { store, released, entered, finish, port } = await serve()
    const body = JSON.stringify({ a: 1 })
    const socket = connect(port, '127.0.0.1')
    socket.on('error', () => {})
    socket.write(
      `POST /slow HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nIdempotency-Key: retry-me\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    )
    await entered
    expect(released).toEqual([])
    socket.destroy()
    await expect.poll(() => released.length).toBe(1)
    expect(released[0]).toContain('|POST /slow|retry-me')
    // The key is free: the retry executes instead of answering 409 (in flight).
    const retry = await store.claim(released[0]!, 'any', new Date(), 86_400_000, 60_000)
    expect(retry.kind).toBe('execute')
    finish()
  })

  it('keeps the key of a request that answered: its stored answer is replayed, not released', async () => {
    const { released, finish, port } = await serve()
    finish()
    const post = () =>
      fetch(`http://127.0.0.1:${port}/slow`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': 'kept' },
        body: '{"a":1}',
      })
    const first = await post()
    expect(first.status).toBe(200)
    const second = await post()
    expect(second.headers.get('service-idempotent-replay')).toBe('true')
    expect(released).toEqual([])
  })
})
