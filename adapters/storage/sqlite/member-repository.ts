import type { Member } from '../../../core/dashboard/member.js'
import type { MemberRepositoryPort } from '../../../core/ports/member-repository.js'
import { type SqliteDatabase, statement } from './database.js'
import { encodeJson } from './json.js'
import { allRecords, oneRecord } from './records.js'

/** Members in the platform database (`dashboard_members`); `seq` keeps the insertion order the lists answer in. */
export class SqliteMemberRepository implements MemberRepositoryPort {
  constructor(private readonly db: SqliteDatabase) {}

  async insert(member: Member): Promise<void> {
    statement(this.db, 'INSERT INTO dashboard_members (id, account_id, email, doc) VALUES (?, ?, ?, ?)').run(
      member.id,
      member.accountId,
      member.email,
      encodeJson(member),
    )
  }

  async get(id: string): Promise<Member | null> {
    return oneRecord(this.db, 'SELECT doc FROM dashboard_members WHERE id = ?', id)
  }

  async findByEmail(accountId: string, email: string): Promise<Member | null> {
    return oneRecord(this.db, 'SELECT doc FROM dashboard_members WHERE account_id = ? AND email = ?', accountId, email)
  }

  async listByEmail(email: string): Promise<Member[]> {
    return allRecords(this.db, 'SELECT doc FROM dashboard_members WHERE email = ? ORDER BY seq', email)
  }

  async list(accountId: string): Promise<Member[]> {
    return allRecords(this.db, 'SELECT doc FROM dashboard_members WHERE account_id = ? ORDER BY seq', accountId)
  }

  async update(member: Member): Promise<void> {
    // The address and account never change (the service makes a new member instead): only the document is written.
    statement(this.db, 'UPDATE dashboard_members SET doc = ? WHERE id = ?').run(encodeJson(member), member.id)
  }
}
