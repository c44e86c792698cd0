import type { Device } from '../../../core/device/device.js'
import type { DeviceRepositoryPort } from '../../../core/ports/device-repository.js'
import type { Page, PageRequest } from '../../../core/shared/pagination.js'
import { inTransaction, type SqliteDatabase, statement } from './database.js'
import { encodeJson } from './json.js'
import { pageByIdDescending } from './paging.js'
import { allRecords, oneRecord } from './records.js'

/** Push devices of one surface, unique per account and endpoint. */
export class SqliteDeviceRepository implements DeviceRepositoryPort {
  constructor(private readonly db: SqliteDatabase) {}

  async save(device: Device): Promise<void> {
    inTransaction(this.db, () => {
      // Another device of the account with this endpoint is replaced by this one.
      statement(this.db, 'DELETE FROM devices WHERE account_id = ? AND endpoint = ? AND id <> ?').run(
        device.accountId,
        device.endpoint,
        device.id,
      )
      statement(
        this.db,
        `INSERT INTO devices (id, account_id, user_id, endpoint, doc) VALUES (@id, @account_id, @user_id, @endpoint, @doc)
         ON CONFLICT (id) DO UPDATE SET account_id = excluded.account_id, user_id = excluded.user_id,
           endpoint = excluded.endpoint, doc = excluded.doc`,
      ).run({
        id: device.id,
        account_id: device.accountId,
        user_id: device.userId,
        endpoint: device.endpoint,
        doc: encodeJson(device),
      })
    })
  }

  async get(accountId: string, id: string): Promise<Device | null> {
    return oneRecord(this.db, 'SELECT doc FROM devices WHERE id = ? AND account_id = ?', id, accountId)
  }

  async findByEndpoint(accountId: string, endpoint: string): Promise<Device | null> {
    return oneRecord(this.db, 'SELECT doc FROM devices WHERE account_id = ? AND endpoint = ?', accountId, endpoint)
  }

  async listByUser(accountId: string, userId: string, page: PageRequest): Promise<Page<Device>> {
    return pageByIdDescending(
      this.db,
      'devices',
      'account_id = @accountId AND user_id = @userId',
      { accountId, userId },
      page,
    )
  }

  async allOfUser(accountId: string, userId: string): Promise<Device[]> {
    return allRecords(
      this.db,
      'SELECT doc FROM devices WHERE account_id = ? AND user_id = ? ORDER BY id',
      accountId,
      userId,
    )
  }

  async remove(accountId: string, id: string): Promise<'removed' | 'missing'> {
    const { changes } = statement(this.db, 'DELETE FROM devices WHERE id = ? AND account_id = ?').run(id, accountId)
    return changes === 1 ? 'removed' : 'missing'
  }

  async removeByUser(accountId: string, userId: string): Promise<number> {
    return statement(this.db, 'DELETE FROM devices WHERE account_id = ? AND user_id = ?').run(accountId, userId).changes
  }
}
