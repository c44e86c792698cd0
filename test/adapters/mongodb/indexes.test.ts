import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { CALENDARS_COLLECTION, MongoCalendarRepository } from '../../../adapters/storage/mongodb/calendar-repository.js'
import {
  CONNECTIONS_COLLECTION,
  MongoConnectionRepository,
} from '../../../adapters/storage/mongodb/connection-repository.js'
import { DEVICES_COLLECTION, MongoDeviceRepository } from '../../../adapters/storage/mongodb/device-repository.js'
import {
  INVITATION_SUPPRESSIONS_COLLECTION,
  INVITATIONS_COLLECTION,
  MongoInvitationRepository,
} from '../../../adapters/storage/mongodb/invitation-repository.js'
import { MongoOAuthStateStore, OAUTH_STATES_COLLECTION } from '../../../adapters/storage/mongodb/oauth-state-store.js'
import { MongoReminderRepository, REMINDERS_COLLECTION } from '../../../adapters/storage/mongodb/reminder-repository.js'
import {
  MongoVoiceRepository,
  VOICE_PROPOSALS_COLLECTION,
  VOICE_SESSIONS_COLLECTION,
} from '../../../adapters/storage/mongodb/voice-repository.js'
import {
  MongoWebhookDeliveryRepository,
  WEBHOOK_DELIVERIES_COLLECTION,
} from '../../../adapters/storage/mongodb/webhook-delivery-repository.js'
import {
  MongoWebhookEndpointRepository,
  WEBHOOK_ENDPOINTS_COLLECTION,
} from '../../../adapters/storage/mongodb/webhook-endpoint-repository.js'
import { useMongo } from './mongo-fixture.js'

const mongo = useMongo()
const SECTION = '## Indexes of the webhook, reminder, device, invitation and connection collections'

const sectionOfOperationsDoc = async (): Promise<string> => {
  const document = await readFile(new URL('../../../docs/operations.md', import.meta.url), 'utf8')
  const start = document.indexOf(SECTION)
  expect(start, `docs/operations.md has a section "${SECTION}"`).toBeGreaterThanOrEqual(0)
  const end = document.indexOf('\n## ', start + SECTION.length)
  return document.slice(start, end === -1 ? undefined : end)
}

describe('indexes of the webhook, reminder, device, invitation and connection collections', () => {
  it('ensureIndexes can run at every start, and docs/operations.md lists every index it creates', async () => {
    const context = mongo.freshContext()
    const repositories = [
      new MongoWebhookEndpointRepository(context),
      new MongoWebhookDeliveryRepository(context.db),
      new MongoReminderRepository(context),
      new MongoDeviceRepository(context.db),
      new MongoInvitationRepository(context),
      new MongoConnectionRepository(context),
      new MongoCalendarRepository(context),
      new MongoOAuthStateStore(context),
      new MongoVoiceRepository(context),
    ]
    for (const repository of repositories) await repository.ensureIndexes()
    for (const repository of repositories) await repository.ensureIndexes()
    const section = await sectionOfOperationsDoc()
    const collections = [
      WEBHOOK_ENDPOINTS_COLLECTION,
      WEBHOOK_DELIVERIES_COLLECTION,
      REMINDERS_COLLECTION,
      DEVICES_COLLECTION,
      INVITATIONS_COLLECTION,
      INVITATION_SUPPRESSIONS_COLLECTION,
      CONNECTIONS_COLLECTION,
      CALENDARS_COLLECTION,
      OAUTH_STATES_COLLECTION,
      VOICE_SESSIONS_COLLECTION,
      VOICE_PROPOSALS_COLLECTION,
    ]
    for (const collection of collections) {
      expect(section).toContain(`\`${collection}\``)
      const names = (await context.db.collection(collection).listIndexes().toArray())
        .map((index) => String(index.name))
        .filter((name) => name !== '_id_')
      expect(names.length).toBeGreaterThan(0)
      for (const name of names) expect(section, `index ${collection}.${name} is documented`).toContain(`\`${name}\``)
    }
  })
})
