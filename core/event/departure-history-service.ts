import type { DepartureHistoryEntry } from '../departure/departure-history.js'
import type { DepartureHistoryPort } from '../ports/departure-history.js'
import type { EventRepositoryPort } from '../ports/event-repository.js'
import { ResourceNotFound } from '../shared/errors.js'
import { DEFAULT_PAGE_LIMIT } from '../shared/pagination.js'
import type { RequestScope } from '../shared/request-scope.js'
import { err, ok, type Result } from '../shared/result.js'
import type { EventChangeListener } from './event-lifecycle.js'

/** An event's departure recomputes over time (`GET /v1/events/{id}/departure/history`). */
export class DepartureHistoryService {
  constructor(
    private readonly deps: { readonly events: EventRepositoryPort; readonly history: DepartureHistoryPort },
  ) {}

  /** A deleted event's history goes with it. */
  readonly eventListener: EventChangeListener = {
    name: 'departure-history',
    onDeleted: async (event) => void (await this.deps.history.deleteOfEvent(event.accountId, event.id)),
  }

  /** Deleting a user: the history of each of the user's events goes (run before the events themselves go). */
  async removeAllOf(accountId: string, userId: string): Promise<void> {
    let startingAfter: string | undefined
    for (;;) {
      const page = await this.deps.events.list(accountId, { userId }, { limit: 100, startingAfter })
      for (const event of page.data) await this.deps.history.deleteOfEvent(accountId, event.id)
      if (!page.hasMore || page.data.length === 0) return
      startingAfter = page.data.at(-1)?.id
    }
  }

  /** Newest first; a page after `startingAfter` (an entry id) when given. Unknown event: not found. */
  async list(
    scope: RequestScope,
    eventId: string,
    page: { readonly limit?: number | undefined; readonly startingAfter?: string | undefined },
  ): Promise<Result<{ readonly data: DepartureHistoryEntry[]; readonly hasMore: boolean }, ResourceNotFound>> {
    const event = await this.deps.events.get(scope.accountId, eventId)
    if (event === null) return err(new ResourceNotFound({ resource: 'event', id: eventId }))
    return ok(
      await this.deps.history.list(scope.accountId, eventId, {
        limit: page.limit ?? DEFAULT_PAGE_LIMIT,
        ...(page.startingAfter === undefined ? {} : { startingAfter: page.startingAfter }),
      }),
    )
  }
}
