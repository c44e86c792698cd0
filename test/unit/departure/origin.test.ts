import { describe, expect, it } from 'vitest'
import { type OriginCandidates, resolveOrigin } from '../../../core/departure/origin.js'
import { expectOk } from '../../../core/shared/result.js'

const home = { lat: 52.5, lng: 13.3 }
const office = { lat: 52.52, lng: 13.41 }
const gym = { lat: 52.48, lng: 13.44 }
const explicit = { lat: 52.6, lng: 13.2 }

// 14:00 in Berlin (UTC+2 in June).
const candidates = (
  overrides: Partial<OriginCandidates> = {},
  explicitOrigin: OriginCandidates['event']['explicitOrigin'] = null,
): OriginCandidates => ({
  event: { id: 'evt_target', startTime: new Date('2026-06-02T12:00:00Z'), timezone: 'Europe/Berlin', explicitOrigin },
  otherEvents: [],
  homeLocation: home,
  ...overrides,
})
const previous = (
  id: string,
  startIso: string,
  endIso: string,
  location: { lat: number; lng: number } | null = office,
) => ({
  id,
  startTime: new Date(startIso),
  endTime: new Date(endIso),
  location,
})

describe('origin rule: explicit origin, else previous event, else home, else none', () => {
  it("takes the event's explicit origin first", () => {
    const origin = expectOk(
      resolveOrigin(
        candidates({ otherEvents: [previous('evt_a', '2026-06-02T10:00:00Z', '2026-06-02T11:00:00Z')] }, explicit),
      ),
    )
    expect(origin).toEqual({ coordinates: explicit, source: 'explicit', previousEventId: null })
  })

  it('else the location of the previous event ending before the start, the same day, within 4 hours', () => {
    const origin = expectOk(
      resolveOrigin(candidates({ otherEvents: [previous('evt_a', '2026-06-02T10:00:00Z', '2026-06-02T11:30:00Z')] })),
    )
    expect(origin).toEqual({ coordinates: office, source: 'previous_event', previousEventId: 'evt_a' })
  })

  it('picks the previous event that ends latest', () => {
    const origin = expectOk(
      resolveOrigin(
        candidates({
          otherEvents: [
            previous('evt_early', '2026-06-02T08:00:00Z', '2026-06-02T09:00:00Z', office),
            previous('evt_late', '2026-06-02T10:00:00Z', '2026-06-02T11:00:00Z', gym),
          ],
        }),
      ),
    )
    expect(origin.previousEventId).toBe('evt_late')
  })

  it.each([
    ['ends after the start', previous('evt_overlap', '2026-06-02T11:00:00Z', '2026-06-02T12:30:00Z')],
    ['ended more than 4 hours before', previous('evt_morning', '2026-06-02T06:00:00Z', '2026-06-02T07:59:00Z')],
    ['has no location', previous('evt_call', '2026-06-02T10:00:00Z', '2026-06-02T11:00:00Z', null)],
  ])('ignores an event that %s and falls back to home', (_label, other) => {
    expect(expectOk(resolveOrigin(candidates({ otherEvents: [other] }))).source).toBe('home')
  })

  it('judges "same day" in the event timezone', () => {
    // 00:30 Berlin on 3 June; the previous event ended 23:30 Berlin on 2 June: another local day.
    const lateNight = candidates({
      event: {
        id: 'evt_target',
        startTime: new Date('2026-06-02T22:30:00Z'),
        timezone: 'Europe/Berlin',
        explicitOrigin: null,
      },
      otherEvents: [previous('evt_party', '2026-06-02T19:00:00Z', '2026-06-02T21:30:00Z')],
    })
    expect(expectOk(resolveOrigin(lateNight)).source).toBe('home')
  })

  it('fails with NoOriginAvailable when nothing applies', () => {
    const result = resolveOrigin(candidates({ homeLocation: null }))
    expect(result.ok ? null : result.error).toMatchObject({ _tag: 'NoOriginAvailable', eventId: 'evt_target' })
  })
})

describe("origin rule: the user's last known position, while recent, for an event soon", () => {
  const seen = { lat: 52.51, lng: 13.38 }
  const at = (iso: string) => new Date(iso)
  const withPosition = (recordedIso: string, nowIso: string, otherEvents: OriginCandidates['otherEvents'] = []) =>
    candidates({ otherEvents, lastKnownPosition: { coordinates: seen, recordedAt: at(recordedIso) }, now: at(nowIso) })

  it('comes after an explicit origin, before the previous event and home', () => {
    const position = withPosition('2026-06-02T11:00:00Z', '2026-06-02T11:20:00Z', [
      previous('evt_a', '2026-06-02T09:00:00Z', '2026-06-02T10:30:00Z'),
    ])
    expect(expectOk(resolveOrigin(position)).source).toBe('last_known_position')
    expect(
      expectOk(resolveOrigin({ ...position, event: { ...position.event, explicitOrigin: explicit } })).source,
    ).toBe('explicit')
  })

  it('not when older than 30 minutes, nor for an event more than 6 hours away', () => {
    expect(expectOk(resolveOrigin(withPosition('2026-06-02T10:00:00Z', '2026-06-02T10:31:00Z'))).source).toBe('home')
    expect(expectOk(resolveOrigin(withPosition('2026-06-02T05:50:00Z', '2026-06-02T05:55:00Z'))).source).toBe('home')
    expect(expectOk(resolveOrigin(withPosition('2026-06-02T10:00:00Z', '2026-06-02T10:30:00Z'))).source).toBe(
      'last_known_position',
    )
  })

  it('not when the previous event ends after the position was recorded: the user goes there first', () => {
    const origin = expectOk(
      resolveOrigin(
        withPosition('2026-06-02T09:00:00Z', '2026-06-02T09:10:00Z', [
          previous('evt_a', '2026-06-02T10:00:00Z', '2026-06-02T11:30:00Z'),
        ]),
      ),
    )
    expect(origin).toEqual({ coordinates: office, source: 'previous_event', previousEventId: 'evt_a' })
  })
})
