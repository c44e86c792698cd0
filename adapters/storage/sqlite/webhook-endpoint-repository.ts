import type { DomainEvent } from '../../../core/ports/outbox.js'
import type { WebhookEndpointRepositoryPort } from '../../../core/ports/webhook-endpoint-repository.js'
import type { Page, PageRequest } from '../../../core/shared/pagination.js'
import type { WebhookEndpoint } from '../../../core/webhooks/webhook-endpoint.js'
import { inTransaction, type SqliteDatabase, statement } from './database.js'
import { decodeJson, encodeJson } from './json.js'
import type { SqliteOutbox } from './outbox.js'
import { pageByIdDescending } from './paging.js'
import { allRecords, type Columns, insertRow, replaceIfVersion } from './records.js'

const columnsOf = (endpoint: WebhookEndpoint): Columns => ({
  id: endpoint.id,
  account_id: endpoint.accountId,
  enabled: endpoint.status === 'enabled' ? 1 : 0,
  doc: encodeJson(endpoint),
})

/** Endpoints kept decoded per repository (all forgotten when full). */
const MAX_DECODED = 4_096

export class SqliteWebhookEndpointRepository implements WebhookEndpointRepositoryPort {
  private readonly decoded = new Map<string, { readonly doc: string; readonly endpoint: WebhookEndpoint }>()

  constructor(
    private readonly db: SqliteDatabase,
    private readonly outbox: SqliteOutbox,
  ) {}

  async insert(endpoint: WebhookEndpoint): Promise<void> {
    insertRow(this.db, 'webhook_endpoints', columnsOf(endpoint))
  }

  /**
   * An endpoint is read twice per delivery attempt: the stored text is compared with the last one decoded for the
   * same id, and the same text gives the same (immutable) endpoint without parsing it again.
   */
  async get(accountId: string, id: string): Promise<WebhookEndpoint | null> {
    const row = statement(this.db, 'SELECT doc FROM webhook_endpoints WHERE id = ? AND account_id = ?').get(
      id,
      accountId,
    ) as { doc: string } | undefined
    if (row === undefined) return null
    const known = this.decoded.get(id)
    if (known !== undefined && known.doc === row.doc) return known.endpoint
    const endpoint = decodeJson<WebhookEndpoint>(row.doc)
    if (this.decoded.size >= MAX_DECODED) this.decoded.clear()
    this.decoded.set(id, { doc: row.doc, endpoint })
    return endpoint
  }

  async list(accountId: string, page: PageRequest): Promise<Page<WebhookEndpoint>> {
    return pageByIdDescending(this.db, 'webhook_endpoints', 'account_id = @accountId', { accountId }, page)
  }

  async enabledOf(accountId: string): Promise<WebhookEndpoint[]> {
    return allRecords(
      this.db,
      'SELECT doc FROM webhook_endpoints WHERE account_id = ? AND enabled = 1 ORDER BY id',
      accountId,
    )
  }

  async update(
    endpoint: WebhookEndpoint,
    expectedVersion: number,
    events: readonly DomainEvent[] = [],
  ): Promise<'updated' | 'conflict'> {
    return inTransaction(this.db, () => {
      if (!replaceIfVersion(this.db, 'webhook_endpoints', endpoint, expectedVersion, columnsOf(endpoint)))
        return 'conflict'
      this.outbox.appendIn(events)
      return 'updated'
    })
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    return (
      statement(this.db, 'DELETE FROM webhook_endpoints WHERE id = ? AND account_id = ?').run(id, accountId).changes ===
      1
    )
  }
}
