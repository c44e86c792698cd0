import { decodeJson, encodeJson } from '../adapters/storage/sqlite/json.js'
import { makeEvent } from '../test/contracts/event-repository.contract.js'
const DATE_TAG = '$date'
const tag = (value: unknown): unknown => {
  if (typeof value !== 'object' || value === null) return value
  if (value instanceof Date) return { [DATE_TAG]: value.toISOString() }
  if (Array.isArray(value)) return value.map(tag)
  const out: Record<string, unknown> = {}
  for (const key in value) out[key] = tag((value as Record<string, unknown>)[key])
  return out
}
const encode2 = (v: unknown) => JSON.stringify(tag(v))
const revive = (value: unknown): unknown => {
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) { for (let i = 0; i < value.length; i++) value[i] = revive(value[i]); return value }
  const record = value as Record<string, unknown>
  const tagged = record[DATE_TAG]
  if (typeof tagged === 'string') { let n = 0; for (const _ in record) n++; if (n === 1) return new Date(tagged) }
  for (const key in record) { const v = record[key]; if (typeof v === 'object' && v !== null) record[key] = revive(v) }
  return record
}
const decode2 = (s: string) => revive(JSON.parse(s))
const e = makeEvent()
const big = { ...e, attendees: Array.from({ length: 3 }, (_, i) => ({ email: `a${i}@x.com`, userId: null, name: 'A' })), extra: Array.from({ length: 10 }, () => ({ at: new Date(), note: 'x'.repeat(50), n: 1 })) }
const outboxEvent = { id: 'ntf_1', accountId: 'acct', type: 'event.created', createdAt: new Date(), data: { object: big } }
const n = 20000
const time = (label: string, f: () => unknown) => { const t = performance.now(); for (let i = 0; i < n; i++) f(); console.log(label, ((performance.now() - t) * 1000 / n).toFixed(1), 'µs') }
const s = encodeJson(outboxEvent)
console.log('same encoding', encode2(outboxEvent) === s, JSON.stringify(decode2(s)) === JSON.stringify(decodeJson(s)))
for (let r = 0; r < 2; r++) {
time('encode', () => encodeJson(outboxEvent)); time('encode2', () => encode2(outboxEvent)); time('plain', () => JSON.stringify(outboxEvent))
time('decode', () => decodeJson(s)); time('decode2', () => decode2(s)); time('plain parse', () => JSON.parse(s))
}
