import type { TrackingRepositoryPort } from '../ports/tracking-repository.js'
import type { Coordinates } from '../shared/coordinates.js'

/** Where the user was last seen, and when: from a trip's fixes or a position the app reported. */
export interface LastKnownPosition {
  readonly coordinates: Coordinates
  readonly recordedAt: Date
}

/** The newer of the user's latest trip fix and the user's reported position. */
export const lastKnownPosition = async (
  repository: TrackingRepositoryPort,
  accountId: string,
  userId: string,
): Promise<LastKnownPosition | null> => {
  const [trip, reported] =
    repository.latestLocatedAndPosition === undefined
      ? await Promise.all([repository.latestLocatedOfUser(accountId, userId), repository.position(accountId, userId)])
      : await repository.latestLocatedAndPosition(accountId, userId)
  const fromTrip = trip?.currentLocation ?? null
  const candidates = [
    ...(fromTrip === null
      ? []
      : [{ coordinates: { lat: fromTrip.lat, lng: fromTrip.lng }, recordedAt: fromTrip.recordedAt }]),
    ...(reported === null
      ? []
      : [{ coordinates: { lat: reported.lat, lng: reported.lng }, recordedAt: reported.recordedAt }]),
  ]
  return candidates.sort((a, b) => b.recordedAt.getTime() - a.recordedAt.getTime())[0] ?? null
}
