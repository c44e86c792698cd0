import { decodeJson, encodeJson } from '../adapters/storage/sqlite/json.js'
import { makeEvent } from '../test/contracts/event-repository.contract.js'
const e = makeEvent()
const big = { ...e, attendees: Array.from({ length: 3 }, (_, i) => ({ email: `a${i}@x.com`, userId: null, name: 'A' })), extra: Array.from({ length: 10 }, () => ({ at: new Date(), note: 'x'.repeat(50), n: 1 })) }
const outboxEvent = { id: 'ntf_1', accountId: 'acct', type: 'event.created', createdAt: new Date(), data: { object: big } }
const n = 20000
let s = ''
let t = performance.now()
for (let i = 0; i < n; i++) s = encodeJson(outboxEvent)
console.log('encode', ((performance.now() - t) * 1000 / n).toFixed(1), 'µs', s.length, 'bytes')
t = performance.now()
for (let i = 0; i < n; i++) JSON.stringify(outboxEvent)
console.log('plain stringify', ((performance.now() - t) * 1000 / n).toFixed(1), 'µs')
t = performance.now()
for (let i = 0; i < n; i++) decodeJson(s)
console.log('decode', ((performance.now() - t) * 1000 / n).toFixed(1), 'µs')
t = performance.now()
for (let i = 0; i < n; i++) JSON.parse(s)
console.log('plain parse', ((performance.now() - t) * 1000 / n).toFixed(1), 'µs')
