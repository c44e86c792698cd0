import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { maybeAsyncHook, maybeAsyncOnSend } from '../../hosts/api/hook.js'

// The hooks of the API finish synchronously on their common path and return a promise only when they wait:
// both paths must run the chain in order, let a hook answer early, and turn a failure into the request's error.
const appWith = (hook: Parameters<typeof maybeAsyncHook>[0], onSend?: Parameters<typeof maybeAsyncOnSend>[0]) => {
  const app = Fastify({ logger: false })
  const seen: string[] = []
  app.addHook('onRequest', maybeAsyncHook(hook))
  app.addHook('onRequest', async () => {
    seen.push('next hook')
  })
  if (onSend !== undefined) app.addHook('onSend', maybeAsyncOnSend(onSend))
  app.get('/', async () => {
    seen.push('handler')
    return { ok: true }
  })
  return { app, seen }
}

describe('maybeAsyncHook', () => {
  it('continues the chain at once when the hook finished synchronously', async () => {
    const { app, seen } = appWith(() => {
      seen.push('hook')
      return undefined
    })
    const response = await app.inject({ method: 'GET', url: '/' })
    expect(response.statusCode).toBe(200)
    expect(seen).toEqual(['hook', 'next hook', 'handler'])
  })

  it('waits for the promise of a hook that had to wait before running the next one', async () => {
    const { app, seen } = appWith(() =>
      new Promise<void>((resolve) => setTimeout(resolve, 5)).then(() => {
        seen.push('hook (late)')
      }),
    )
    await app.inject({ method: 'GET', url: '/' })
    expect(seen).toEqual(['hook (late)', 'next hook', 'handler'])
  })

  it('lets a hook answer early on either path; the handler never runs', async () => {
    for (const late of [false, true]) {
      const { app, seen } = appWith((_request, reply) => {
        const answer = () => reply.code(401).send({ refused: true })
        if (late) return Promise.resolve().then(answer)
        answer()
        return undefined
      })
      const response = await app.inject({ method: 'GET', url: '/' })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ refused: true })
      expect(seen).not.toContain('handler')
    }
  })

  it('an early answer whose onSend hook waits (a store on MongoDB) still stops the chain: the route never runs', async () => {
    for (const late of [false, true]) {
      const { app, seen } = appWith(
        (_request, reply) => {
          const answer = () => reply.code(400).send({ refused: true })
          return late ? Promise.resolve().then(answer) : answer()
        },
        () => new Promise<void>((resolve) => setTimeout(resolve, 10)).then(() => undefined),
      )
      const response = await app.inject({ method: 'GET', url: '/' })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ refused: true })
      expect(seen).toEqual([])
    }
  })

  it('turns a rejected promise into the request error (500 from the default handler)', async () => {
    const { app, seen } = appWith(() => Promise.reject(new Error('store down')))
    const response = await app.inject({ method: 'GET', url: '/' })
    expect(response.statusCode).toBe(500)
    expect(seen).not.toContain('handler')
  })
})

describe('maybeAsyncOnSend', () => {
  it('passes the payload on unchanged when finished synchronously, and the resolved payload otherwise', async () => {
    const sync = appWith(
      () => undefined,
      () => undefined,
    )
    expect((await sync.app.inject({ method: 'GET', url: '/' })).body).toBe('{"ok":true}')
    const late = appWith(
      () => undefined,
      (_request, _reply, payload) => Promise.resolve(`${String(payload)}\n`),
    )
    expect((await late.app.inject({ method: 'GET', url: '/' })).body).toBe('{"ok":true}\n')
  })
})
