import type { Collection } from 'mongodb'
import type { RouteCorrectionStats } from '../../../core/departure/route-correction.js'
import {
  type RouteCorrectionKey,
  type RouteCorrectionStorePort,
  routeCorrectionId,
} from '../../../core/ports/route-correction-store.js'
import { type MongoContext, WRITE_OPTIONS } from './mongo-context.js'
import { literal } from './query-guard.js'

export const ROUTE_CORRECTIONS_COLLECTION = 'route_corrections'

type CorrectionDocument = RouteCorrectionStats & {
  /** `<accountId>/<bucket>`. */
  readonly _id: string
  readonly accountId: string
  readonly bucket: string
}

/** Route corrections of one surface, one document per account and bucket, summed in place with `$inc`. */
export class MongoRouteCorrectionStore implements RouteCorrectionStorePort {
  private readonly corrections: Collection<CorrectionDocument>

  constructor(context: MongoContext) {
    this.corrections = context.db.collection<CorrectionDocument>(ROUTE_CORRECTIONS_COLLECTION)
  }

  async ensureIndexes(): Promise<void> {
    await this.corrections.createIndexes([
      { key: { updatedAt: 1 }, name: 'updated' },
      { key: { accountId: 1 }, name: 'account' },
    ])
  }

  async statsOf(keys: readonly RouteCorrectionKey[]): Promise<ReadonlyMap<string, RouteCorrectionStats>> {
    const found = new Map<string, RouteCorrectionStats>()
    if (keys.length === 0) return found
    const ids = keys.map((key) =>
      routeCorrectionId({ accountId: literal(key.accountId, 'accountId'), bucket: literal(key.bucket, 'bucket') }),
    )
    for (const document of await this.corrections.find({ _id: { $in: ids } }).toArray()) {
      found.set(document._id, {
        samples: document.samples,
        sumLogRatio: document.sumLogRatio,
        sumSquaredLogRatio: document.sumSquaredLogRatio,
        updatedAt: document.updatedAt,
      })
    }
    return found
  }

  async record(key: RouteCorrectionKey, logRatio: number, at: Date): Promise<void> {
    const accountId = literal(key.accountId, 'accountId')
    const bucket = literal(key.bucket, 'bucket')
    await this.corrections.updateOne(
      { _id: routeCorrectionId({ accountId, bucket }) },
      {
        $inc: { samples: 1, sumLogRatio: logRatio, sumSquaredLogRatio: logRatio * logRatio },
        $max: { updatedAt: at },
        $setOnInsert: { accountId, bucket },
      },
      { ...WRITE_OPTIONS, upsert: true },
    )
  }

  async removeUpdatedBefore(before: Date): Promise<number> {
    return (await this.corrections.deleteMany({ updatedAt: { $lt: before } }, WRITE_OPTIONS)).deletedCount
  }

  async removeByAccount(accountId: string): Promise<number> {
    return (await this.corrections.deleteMany({ accountId: literal(accountId, 'accountId') }, WRITE_OPTIONS))
      .deletedCount
  }
}
