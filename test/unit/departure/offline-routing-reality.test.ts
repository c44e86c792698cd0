import { describe, expect, it } from 'vitest'
import { estimateRoute } from '../../../adapters/routing/offline/offline-routing.js'

/**
 * Twenty driving trips with a published typical (uncongested) driving time: ten between cities, ten to and from
 * airports or within a metropolitan area. Sources, one per row, in docs/departure.md ("Offline routing against
 * published driving times"); the two lists must stay in step.
 */
const PUBLISHED_TRIPS: ReadonlyArray<{
  readonly trip: string
  readonly from: { readonly lat: number; readonly lng: number }
  readonly to: { readonly lat: number; readonly lng: number }
  readonly publishedMinutes: number
}> = [
  {
    trip: 'San Francisco (Union Square) → Los Angeles (downtown)',
    from: { lat: 37.788, lng: -122.4075 },
    to: { lat: 34.0522, lng: -118.2437 },
    publishedMinutes: 360,
  },
  {
    trip: 'New York (Midtown) → Boston (downtown)',
    from: { lat: 40.7549, lng: -73.984 },
    to: { lat: 42.3601, lng: -71.0589 },
    publishedMinutes: 225,
  },
  {
    trip: 'Munich → Berlin',
    from: { lat: 48.1374, lng: 11.5755 },
    to: { lat: 52.52, lng: 13.405 },
    publishedMinutes: 330,
  },
  {
    trip: 'Los Angeles (downtown) → Las Vegas (Strip)',
    from: { lat: 34.0522, lng: -118.2437 },
    to: { lat: 36.1147, lng: -115.1728 },
    publishedMinutes: 240,
  },
  {
    trip: 'Paris → Lyon',
    from: { lat: 48.8566, lng: 2.3522 },
    to: { lat: 45.764, lng: 4.8357 },
    publishedMinutes: 270,
  },
  {
    trip: 'Sydney (CBD) → Canberra',
    from: { lat: -33.8688, lng: 151.2093 },
    to: { lat: -35.2809, lng: 149.13 },
    publishedMinutes: 195,
  },
  {
    trip: 'London → Manchester',
    from: { lat: 51.5074, lng: -0.1278 },
    to: { lat: 53.4808, lng: -2.2426 },
    publishedMinutes: 225,
  },
  {
    trip: 'Toronto → Montreal',
    from: { lat: 43.6532, lng: -79.3832 },
    to: { lat: 45.5017, lng: -73.5673 },
    publishedMinutes: 330,
  },
  {
    trip: 'Dallas → Houston',
    from: { lat: 32.7767, lng: -96.797 },
    to: { lat: 29.7604, lng: -95.3698 },
    publishedMinutes: 214,
  },
  {
    trip: 'Madrid → Barcelona',
    from: { lat: 40.4168, lng: -3.7038 },
    to: { lat: 41.3874, lng: 2.1686 },
    publishedMinutes: 343,
  },
  {
    trip: 'Chicago (Loop) → Milwaukee',
    from: { lat: 41.8781, lng: -87.6298 },
    to: { lat: 43.0389, lng: -87.9065 },
    publishedMinutes: 90,
  },
  {
    trip: 'Midtown Manhattan → JFK Airport',
    from: { lat: 40.7549, lng: -73.984 },
    to: { lat: 40.6413, lng: -73.7781 },
    publishedMinutes: 52,
  },
  {
    trip: 'SFO → Union Square, San Francisco',
    from: { lat: 37.6213, lng: -122.379 },
    to: { lat: 37.788, lng: -122.4075 },
    publishedMinutes: 20,
  },
  {
    trip: 'Heathrow → central London',
    from: { lat: 51.47, lng: -0.4543 },
    to: { lat: 51.5074, lng: -0.1278 },
    publishedMinutes: 52,
  },
  {
    trip: 'Charles de Gaulle Airport → central Paris',
    from: { lat: 49.0097, lng: 2.5479 },
    to: { lat: 48.8566, lng: 2.3522 },
    publishedMinutes: 30,
  },
  {
    trip: 'Munich Airport → Munich city centre',
    from: { lat: 48.3537, lng: 11.775 },
    to: { lat: 48.1374, lng: 11.5755 },
    publishedMinutes: 35,
  },
  {
    trip: 'Munich Airport → Freising',
    from: { lat: 48.3537, lng: 11.775 },
    to: { lat: 48.4029, lng: 11.7488 },
    publishedMinutes: 15,
  },
  {
    trip: 'Munich Airport → Erding',
    from: { lat: 48.3537, lng: 11.775 },
    to: { lat: 48.3064, lng: 11.9066 },
    publishedMinutes: 15,
  },
  {
    trip: 'Logan Airport → downtown Boston',
    from: { lat: 42.3656, lng: -71.0096 },
    to: { lat: 42.3601, lng: -71.0589 },
    publishedMinutes: 12.5,
  },
  {
    trip: 'Union Square, San Francisco → Oakland Airport',
    from: { lat: 37.788, lng: -122.4075 },
    to: { lat: 37.7126, lng: -122.2197 },
    publishedMinutes: 35,
  },
]

/** The estimator's free-flow minutes for a trip (the published figures are typical times without rush-hour traffic). */
const estimatedMinutes = (trip: (typeof PUBLISHED_TRIPS)[number]): number =>
  estimateRoute({
    origin: trip.from,
    destination: trip.to,
    mode: 'drive',
    timing: { kind: 'depart_at', at: new Date('2026-06-07T03:00:00Z') },
    timezone: 'UTC',
  }).freeFlowMinutes

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

describe('offline routing estimator against published driving times', () => {
  const errors = PUBLISHED_TRIPS.map(
    (trip) => Math.abs(estimatedMinutes(trip) - trip.publishedMinutes) / trip.publishedMinutes,
  )

  it('covers twenty trips', () => {
    expect(PUBLISHED_TRIPS).toHaveLength(20)
  })

  it('misses the published time by a median of under 25%', () => {
    expect(median(errors)).toBeLessThan(0.25)
  })

  it('is never off by a factor of two', () => {
    for (const [index, error] of errors.entries()) expect(error, PUBLISHED_TRIPS[index]?.trip).toBeLessThan(1)
  })
})
