import { Session } from 'node:inspector/promises'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import http from 'node:http'
import { loadConfig } from '../hosts/config.js'
import { startService } from '../hosts/server.js'
import { BENCH_LIVE_KEY } from './http-target.js'

const service = await startService(loadConfig({ HOST: '127.0.0.1', PORT: '0', SANDBOX_PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(join(tmpdir(), 'alloc-')), SERVICE_BOOTSTRAP_KEYS: BENCH_LIVE_KEY, RATE_LIMIT_REQUESTS: '1000000000', RATE_LIMIT_CONCURRENCY: '10000', WORKER: process.env.W ?? 'false' }))
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
const request = (url: string, o: { method?: string; headers: Record<string, string>; body?: string; dispatcher: unknown }) =>
  new Promise<{ body: { text(): Promise<string>; json(): Promise<unknown> } }>((resolve, reject) => {
    const req = http.request(url, { method: o.method ?? 'GET', headers: o.headers, agent }, (res) => {
      let data = ''
      res.setEncoding('utf8')
      res.on('data', (c) => (data += c))
      res.on('end', () => resolve({ body: { text: async () => data, json: async () => JSON.parse(data) } }))
    })
    req.on('error', reject)
    req.end(o.body)
  })
const headers = { authorization: `Bearer ${BENCH_LIVE_KEY}`, 'content-type': 'application/json' }
const created = await request(`${service.liveUrl}/v1/users`, { method: 'POST', headers, body: JSON.stringify({ email: 'a@example.com', home_location: { lat: 52.5, lng: 13.4 } }), dispatcher: agent })
const user = (await created.body.json()) as { id: string }
const users: string[] = [user.id]
for (let i = 1; i < 200; i++) {
  const r = await request(`${service.liveUrl}/v1/users`, { method: 'POST', headers, body: JSON.stringify({ email: `a${i}@example.com`, home_location: { lat: 52.5, lng: 13.4 } }), dispatcher: agent })
  users.push(((await r.body.json()) as { id: string }).id)
}
const mode = process.argv[2] ?? 'get'
let n = 0
const one = async () => {
  if (mode === 'get') {
    const r = await request(`${service.liveUrl}/v1/users/${user.id}`, { headers, dispatcher: agent })
    await r.body.text()
  } else {
    const start = Date.now() + 7_200_000 + n * 17 * 60_000
    const r = await request(`${service.liveUrl}/v1/events`, { method: 'POST', headers: mode === 'idem' ? { ...headers, 'idempotency-key': `k${n}` } : headers, dispatcher: agent, body: JSON.stringify({ user_id: users[n % 200], title: 'x', start_time: new Date(start).toISOString(), end_time: new Date(start + 3_600_000).toISOString(), location: { lat: 52.45 + ((n * 7) % 100) / 1000, lng: 13.3 + ((n++ * 13) % 100) / 1000 } }) })
    const t = await r.body.text()
    if (!t.includes('"evt_')) throw new Error(t)
  }
}
const N = Number(process.argv[3] ?? 3000)
for (let i = 0; i < 500; i++) await one()
const session = new Session()
session.connect()
await session.post('Profiler.enable'); await session.post('Profiler.start')
for (let i = 0; i < N; i++) await one()
const { profile } = await session.post('Profiler.stop')
const self = new Map<string, number>()
const byId = new Map<number, any>()
for (const node of profile.nodes) byId.set(node.id, node)
const dt = new Map<number, number>()
for (let i = 0; i < profile.samples.length; i++) dt.set(profile.samples[i], (dt.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0))
let total = 0
for (const node of profile.nodes) {
  const f = node.callFrame
  const where = `${f.functionName || '(anon)'} ${f.url.replace(/.*\/(node_modules\/)?/, '')}:${f.lineNumber + 1}`
  const t = dt.get(node.id) ?? 0
  total += t
  self.set(where, (self.get(where) ?? 0) + t)
}
// inclusive by file
const incl = new Map<string, number>()
const parent = new Map<number, number>()
for (const node of profile.nodes) for (const c of node.children ?? []) parent.set(c, node.id)
for (const node of profile.nodes) {
  const t = dt.get(node.id) ?? 0
  if (t === 0) continue
  const seen = new Set<string>()
  for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
    const f = byId.get(id).callFrame
    const key = `${f.functionName || '(anon)'} ${f.url.replace(/.*\/(node_modules\/)?/, '')}`
    if (seen.has(key)) continue
    seen.add(key)
    incl.set(key, (incl.get(key) ?? 0) + t)
  }
}
console.log(`${(total / N).toFixed(0)} µs per request (incl. client)`)
for (const [where, t] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`self ${(t / N).toFixed(1).padStart(7)} µs  ${where}`)
for (const [where, t] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[4] ?? 50))) console.log(`incl ${(t / N).toFixed(1).padStart(7)} µs  ${where}`)
await service.stop()
process.exit(0)
