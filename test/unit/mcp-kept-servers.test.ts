import { describe, expect, it } from 'vitest'
import { type KeptServer, KeptServers } from '../../hosts/mcp/mcp-kept-servers.js'

class FakeServer implements KeptServer {
  inFlight = 0
  closed = false
  async close(): Promise<void> {
    this.closed = true
  }
}

const setup = (max: number) => {
  let now = 0
  const kept = new KeptServers<FakeServer>({ max, idleMs: 1000, now: () => now })
  return { kept, advance: (ms: number) => (now += ms) }
}

describe('KeptServers: the SDK servers a host keeps per MCP session', () => {
  it('gives a session its server back; at the bound the least recently used idle one is closed', () => {
    const { kept } = setup(2)
    const [a, b, c] = [new FakeServer(), new FakeServer(), new FakeServer()]
    expect(kept.keep('a', a)).toBe(true)
    expect(kept.keep('b', b)).toBe(true)
    expect(kept.take('a')).toBe(a)
    expect(kept.keep('c', c)).toBe(true)
    expect(b.closed).toBe(true)
    expect(kept.take('b')).toBeUndefined()
    expect([kept.take('a'), kept.take('c')]).toEqual([a, c])
    expect(kept.size).toBe(2)
  })

  it('never evicts a server with a request in flight: full of busy ones, a new server is not kept', () => {
    const { kept } = setup(1)
    const busy = new FakeServer()
    busy.inFlight = 1
    kept.keep('busy', busy)
    expect(kept.keep('other', new FakeServer())).toBe(false)
    expect(busy.closed).toBe(false)
    busy.inFlight = 0
    expect(kept.keep('other', new FakeServer())).toBe(true)
    expect(busy.closed).toBe(true)
  })

  it('closes a server idle for the idle time at the next use, unless busy; a dropped session’s server goes', () => {
    const { kept, advance } = setup(10)
    const [idle, busy, recent] = [new FakeServer(), new FakeServer(), new FakeServer()]
    busy.inFlight = 1
    kept.keep('idle', idle)
    kept.keep('busy', busy)
    advance(600)
    kept.keep('recent', recent)
    advance(500)
    expect(kept.take('recent')).toBe(recent)
    expect(idle.closed).toBe(true)
    expect(busy.closed).toBe(false)
    expect(kept.take('busy')).toBe(busy)
    kept.drop('recent')
    expect(recent.closed).toBe(true)
    expect(kept.take('recent')).toBeUndefined()
  })
})
