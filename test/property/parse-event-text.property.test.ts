import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CreateEventRequest } from '../../contracts/events.js'
import { renderParsedEvent } from '../../contracts/scheduling.js'
import { decodeRequest } from '../../contracts/validation.js'
import { parseEventText } from '../../core/scheduling/parse-event-text.js'

const ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'Asia/Kathmandu', 'Pacific/Chatham']
/** Pieces of scheduling sentences, so that random text also reaches the date, place and people rules. */
const PIECES = [
  'lunch',
  'with Ana',
  'and bob@example.com',
  'at Blue Bottle,',
  '66 Mint St',
  'tomorrow',
  'next Friday',
  'at 3',
  '9-5',
  'for 45 minutes',
  'in 2 hours',
  '<b>',
  '\u0000',
  '\u202e',
  '🎉',
  'every day',
  'on Zoom',
  'Hauptstraße 5',
  '3/4',
  'midnight',
  'or',
  '"',
  "'",
  '--',
  // Oversized parts: a place, a name and an address longer than POST /v1/events takes.
  `at ${'Xylophone'.repeat(70)}`,
  `with A${'a'.repeat(300)}`,
  `${'b'.repeat(250)}@example.com`,
]

const sentence = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }).map((parts) => parts.join(' ')),
)

describe('natural-language parse: any text gives a well-formed draft (never a throw, so never a 5xx)', () => {
  it('end after start, confidences in 0..1, a 1 to 201 character title, a valid POST /v1/events body', () => {
    fc.assert(
      fc.property(
        sentence,
        fc.constantFrom(...ZONES),
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2090-01-01T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 5, max: 1440 }),
        (text, timezone, now, defaultDurationMin) => {
          const parsed = parseEventText(text, {
            now,
            timezone,
            defaultDurationMin,
            contacts: [{ name: 'Ana Silva', email: 'ana@example.com' }],
            homeAddress: null,
          })
          expect(parsed.endTime.getTime()).toBeGreaterThan(parsed.startTime.getTime())
          for (const value of Object.values(parsed.confidence)) {
            expect(value).toBeGreaterThanOrEqual(0)
            expect(value).toBeLessThanOrEqual(1)
          }
          expect(parsed.title.trim().length).toBeGreaterThanOrEqual(1)
          expect(parsed.title.length).toBeLessThanOrEqual(201)
          const decoded = decodeRequest(CreateEventRequest, {
            user_id: 'usr_property',
            ...renderParsedEvent(parsed, undefined).event,
          })
          expect(decoded.ok, JSON.stringify(decoded.ok ? null : decoded.problem)).toBe(true)
        },
      ),
      { numRuns: 400 },
    )
  })
})
