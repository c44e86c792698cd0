import { type Collection, type Db, ObjectId } from 'mongodb'
import type { Member, MemberRole, MemberStatus } from '../../../core/dashboard/member.js'
import type { MemberRepositoryPort } from '../../../core/ports/member-repository.js'
import type { MongoDocument } from './document.js'
import { WRITE_OPTIONS } from './mongo-context.js'

export const MEMBERS_COLLECTION = 'dashboard_members'

/** A member as stored, with its written order (ObjectIds of one process increase; across hosts they follow the clock). */
type MemberDocument = MongoDocument<Member> & { readonly order: ObjectId }

const fromDocument = (document: MemberDocument): Member => ({
  id: document._id,
  accountId: document.accountId,
  email: document.email,
  role: document.role as MemberRole,
  status: document.status as MemberStatus,
  createdAt: document.createdAt,
  updatedAt: document.updatedAt,
})

// A string is never read as an operator; anything else (an object from a crafted body) finds nothing.
const isText = (value: unknown): value is string => typeof value === 'string'

/** Members in the platform database; a unique index holds one member per account and address. */
export class MongoMemberRepository implements MemberRepositoryPort {
  private readonly members: Collection<MemberDocument>

  constructor(db: Db) {
    this.members = db.collection<MemberDocument>(MEMBERS_COLLECTION)
  }

  async ensureIndexes(): Promise<void> {
    await this.members.createIndexes([
      { key: { accountId: 1, email: 1 }, name: 'account_email', unique: true },
      { key: { accountId: 1, order: 1 }, name: 'account_order' },
      { key: { email: 1, order: 1 }, name: 'email_order' },
    ])
  }

  async insert(member: Member): Promise<void> {
    const { id, ...fields } = member
    await this.members.insertOne({ _id: id, ...fields, order: new ObjectId() }, WRITE_OPTIONS)
  }

  async get(id: string): Promise<Member | null> {
    if (!isText(id)) return null
    const document = await this.members.findOne({ _id: id })
    return document === null ? null : fromDocument(document)
  }

  async findByEmail(accountId: string, email: string): Promise<Member | null> {
    if (!isText(accountId) || !isText(email)) return null
    const document = await this.members.findOne({ accountId, email })
    return document === null ? null : fromDocument(document)
  }

  async listByEmail(email: string): Promise<Member[]> {
    if (!isText(email)) return []
    return (await this.members.find({ email }).sort({ order: 1 }).toArray()).map(fromDocument)
  }

  async list(accountId: string): Promise<Member[]> {
    if (!isText(accountId)) return []
    return (await this.members.find({ accountId }).sort({ order: 1 }).toArray()).map(fromDocument)
  }

  async update(member: Member): Promise<void> {
    // The address and account never change (the service makes a new member instead).
    await this.members.updateOne(
      { _id: member.id },
      { $set: { role: member.role, status: member.status, updatedAt: member.updatedAt } },
      WRITE_OPTIONS,
    )
  }
}
