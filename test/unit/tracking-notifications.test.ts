import { Schema } from 'effect'
import { describe, expect, it } from 'vitest'
import { CURRENT_VERSION } from '../../contracts/versions.js'
import { renderNotification } from '../../contracts/webhooks/notification.js'
import { TRACKING_NOTIFICATIONS } from '../../contracts/webhooks/tracking.js'
import type { DomainEvent } from '../../core/ports/outbox.js'
import { blankLifecycle, trackingTransition } from '../../core/tracking/tracking-transition.js'
import type { Trip } from '../../core/tracking/trip.js'

const T0 = new Date('2026-06-01T08:00:00Z')
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000)

const trip = (lifecycle: Partial<Trip> = {}): Trip => ({
  ...blankLifecycle(T0),
  accountId: 'acct_a',
  livemode: false,
  eventId: 'evt_a',
  userId: 'usr_a',
  destination: { lat: 48.8566, lng: 2.3522 },
  mode: 'drive',
  timezone: 'Europe/Paris',
  startedAt: T0,
  updatedAt: T0,
  version: 1,
  ...lifecycle,
})

const fix = (seconds: number) => ({ lat: 48.9, lng: 2.35, accuracyM: 10, speedMps: 10, recordedAt: at(seconds) })
const notice = (type: string, object: Trip): DomainEvent => ({
  id: 'ntf_1',
  type,
  accountId: 'acct_a',
  livemode: false,
  createdAt: at(0),
  objectType: 'tracking',
  object,
})

/** Each tracking webhook's body, rendered from the state its transition produced, decodes with its contract. */
describe('Webhook payload contracts of the tracking notifications', () => {
  const started = trackingTransition(trip(), {
    type: 'start',
    now: at(0),
    idleTimeoutSeconds: 120,
    startTime: at(600),
    expiresAt: at(36_000),
    fix: fix(0),
    assessment: { withinArrivalRadius: false, predictedArrival: at(900), confidence: 'medium' },
  })
  if (!started.ok) throw new Error('start refused')

  it('event.late_predicted: minutes_late positive', () => {
    expect(started.value.events).toEqual(['event.late_predicted'])
    const body = JSON.parse(renderNotification(notice('event.late_predicted', started.value.state), CURRENT_VERSION))
    expect(Schema.decodeUnknownSync(TRACKING_NOTIFICATIONS['event.late_predicted'])(body).data.object).toMatchObject({
      minutes_late: 5,
      status: 'in_transit',
    })
  })

  it('user.arrived: status arrived', () => {
    const arrived = trackingTransition(started.value.state, {
      type: 'locate',
      now: at(700),
      fix: fix(700),
      assessment: { withinArrivalRadius: true, predictedArrival: at(700), confidence: 'high' },
    })
    if (!arrived.ok) throw new Error('locate refused')
    const body = JSON.parse(renderNotification(notice('user.arrived', arrived.value.state), CURRENT_VERSION))
    expect(Schema.decodeUnknownSync(TRACKING_NOTIFICATIONS['user.arrived'])(body).data.object.arrived_at).toBe(
      at(700).toISOString(),
    )
    // A late notice is not an arrival: the contracts tell them apart.
    expect(() =>
      Schema.decodeUnknownSync(TRACKING_NOTIFICATIONS['user.arrived'])({
        ...body,
        type: 'user.arrived',
        data: JSON.parse(renderNotification(notice('user.arrived', started.value.state), CURRENT_VERSION)).data,
      }),
    ).toThrow()
  })

  it('event.tracking_stopped: stopped, no location', () => {
    const stopped = trackingTransition(started.value.state, { type: 'stop', now: at(60), reason: 'requested' })
    if (!stopped.ok) throw new Error('stop refused')
    const body = JSON.parse(renderNotification(notice('event.tracking_stopped', stopped.value.state), CURRENT_VERSION))
    expect(Schema.decodeUnknownSync(TRACKING_NOTIFICATIONS['event.tracking_stopped'])(body).data.object).toMatchObject({
      status: 'stopped',
      stop_reason: 'requested',
      current_location: null,
    })
  })
})
