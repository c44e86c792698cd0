import type { ContainerModule } from 'inversify'

/**
 * One storage family (in memory, MongoDB; a team's own database is one more): where every record lives, and the
 * background job scheduler, which shares its work between hosts through the same storage. Choosing a storage is
 * choosing one family (`hosts/composition-root.ts`); see docs/adapters.md.
 */
export interface StorageFamily {
  /** Where the records live, for the start banner (e.g. `SQLite in /srv/app/.data (platform.db, ...)`). */
  readonly location: string
  /**
   * The root container's storage, shared by both surfaces: `AccountRepository`, `IdempotencyStore`,
   * `RateLimiter`, `Scheduler`, `OAuthStore`, `ConsentTicketLog`, and the dashboard's `MemberRepository`, `DashboardSessionStore`, `PasskeyStore`, `AuditLog` and `RequestLogStore`.
   */
  readonly platform: ContainerModule
  /**
   * One surface's storage, in that surface's child container, never seen by the other surface: `Outbox` and every
   * repository (`UserRepository`, `EventRepository`, `WebhookEndpointRepository`, `WebhookDeliveryRepository`,
   * `ReminderRepository`, `DeviceRepository`, `InvitationRepository`, `ConnectionRepository`, `CalendarRepository`,
   * `OAuthStateStore`, `TrackingRepository`, `RouteCorrectionStore`, `DepartureHistory`). Each repository stores its domain events in the surface's outbox in the same write.
   */
  surface(livemode: boolean): ContainerModule
  /** Called once both surfaces are bound, before anything is served (MongoDB: creates the indexes). */
  ready(): Promise<void>
  /** Called last when the application closes (MongoDB: closes the client). */
  close(): Promise<void>
}
