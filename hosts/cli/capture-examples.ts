import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Endpoints } from '../../contracts/endpoints.js'
import { SANDBOX_USERS } from '../../core/account/sandbox.js'
import { loadConfig } from '../config.js'
import { startService } from '../server.js'

/**
 * `npm run openapi:examples`: starts the service in memory, calls the sandbox as a new developer would (on the
 * seeded users), and writes what each operation was sent and answered to `contracts/openapi-examples.json`,
 * the examples of the OpenAPI document. Secrets the answers reveal are replaced by placeholders.
 */
const SANDBOX_KEY = `sk_test_${randomBytes(24).toString('hex')}`
const LIVE_KEY = `sk_live_${randomBytes(24).toString('hex')}`
const OUTPUT = fileURLToPath(new URL('../../contracts/openapi-examples.json', import.meta.url))

type Json = Record<string, unknown>
type OperationId = keyof typeof Endpoints

const redact = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(redact)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => {
      if (key === 'secret' && typeof inner === 'string')
        return [key, `${inner.slice(0, inner.indexOf('_', 3) + 1)}shown_once_at_creation`]
      if (key === 'response_token' && typeof inner === 'string') return [key, 'irt_example_token']
      return [key, redact(inner)]
    }),
  )
}

const main = async () => {
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    SANDBOX_PORT: '0',
    LOG_LEVEL: 'silent',
    SERVICE_BOOTSTRAP_KEYS: `${SANDBOX_KEY},${LIVE_KEY}`,
  })
  const service = await startService(config, { ephemeralAccounts: true })
  const examples: Partial<Record<OperationId, { path: string; request?: unknown; response: unknown }>> = {}
  const call = async (operationId: OperationId, params: Record<string, string> = {}, body?: Json) => {
    const endpoint = Endpoints[operationId]
    const path = endpoint.path.replace(/\{([^}]+)\}/g, (_, name: string) => params[name] ?? '')
    const response = await fetch(`${service.sandboxUrl}${path}`, {
      method: endpoint.method,
      headers: {
        authorization: `Bearer ${SANDBOX_KEY}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const answer = (await response.json()) as Json
    if (!response.ok) throw new Error(`${operationId}: ${response.status} ${JSON.stringify(answer)}`)
    examples[operationId] = { path, ...(body === undefined ? {} : { request: body }), response: redact(answer) }
    return answer
  }
  try {
    const ada = SANDBOX_USERS[0]
    const home = { name: 'Home', address: '12 St James Square, London', lat: 51.5074, lng: -0.1339 }
    const office = { name: 'British Library', address: '96 Euston Road, London', lat: 51.5299, lng: -0.1277 }
    await call('health')
    const users = (await call('listUsers', {}, undefined)) as { data: { id: string; email: string }[] }
    const adaId = users.data.find((user) => user.email === ada.email)?.id ?? ''
    // Creation is idempotent on e-mail: creating Ada again answers the seeded user.
    await call('createUser', {}, { email: ada.email, display_name: ada.displayName, timezone: ada.timezone })
    await call('retrieveUser', { id: adaId })
    await call('updateUser', { id: adaId }, { home_location: home, preferred_departure: '5_min_early' })
    const start = new Date(Date.now() + 26 * 3_600_000)
    start.setUTCMinutes(0, 0, 0)
    const end = new Date(start.getTime() + 3_600_000)
    const event = await call(
      'createEvent',
      {},
      {
        user_id: adaId,
        title: 'Analytical Engine review',
        category: 'meeting',
        start_time: start.toISOString(),
        end_time: end.toISOString(),
        timezone: ada.timezone,
        location: office,
      },
    )
    const eventId = String(event.id)
    await call('listEvents', {}, undefined)
    await call('retrieveEvent', { id: eventId })
    await call('updateEvent', { id: eventId }, { title: 'Analytical Engine design review' })
    await call('retrieveDeparture', { id: eventId })
    await call('recomputeDeparture', { id: eventId }, {})
    await call(
      'computeDeparture',
      {},
      { from_location: home, to_location: office, arrive_by: start.toISOString(), timezone: ada.timezone },
    )
    const reminder = await call('createReminder', { id: eventId }, { offset_minutes: 30, message: 'Leave soon' })
    await call('listReminders', { id: eventId })
    await call('retrieveReminder', { id: String(reminder.id) })
    const device = await call(
      'registerDevice',
      { id: adaId },
      { endpoint: 'https://push.example.com/ada-laptop', keys: { p256dh: `B${'x'.repeat(86)}`, auth: 'y'.repeat(22) } },
    )
    await call('listDevices', { id: adaId })
    await call('deleteDevice', { id: adaId, device_id: String(device.id) })
    await call(
      'createInvitations',
      {},
      { event_id: eventId, attendees: [{ email: SANDBOX_USERS[1].email, name: SANDBOX_USERS[1].displayName }] },
    )
    await call('listSentEmails')
    const endpoint = await call(
      'createWebhookEndpoint',
      {},
      { url: 'http://localhost:4242/webhooks', events: ['departure.updated', 'reminder.sent'] },
    )
    await call('listWebhookEndpoints')
    await call('retrieveWebhookEndpoint', { id: String(endpoint.id) })
    await call('updateWebhookEndpoint', { id: String(endpoint.id) }, { description: 'Departure alerts' })
    const key = await call('createApiKey', {}, { name: 'Reporting', permissions: { events: 'read', users: 'read' } })
    await call('listApiKeys')
    await call('retrieveApiKey', { id: String(key.id) })
    await call('cancelReminder', { id: String(reminder.id) })
    await call('deleteEvent', { id: eventId })
    await call('advanceTime', {}, { seconds: 3600 })
  } finally {
    await service.stop()
  }
  writeFileSync(OUTPUT, `${JSON.stringify(examples, null, 2)}\n`)
  console.log(`wrote ${Object.keys(examples).length} examples to contracts/openapi-examples.json`)
}

await main()
