import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { CreateEventRequest } from '../../../contracts/events.js'
import { renderParsedEvent } from '../../../contracts/scheduling.js'
import { decodeRequest } from '../../../contracts/validation.js'
import { parseEventText } from '../../../core/scheduling/parse-event-text.js'
import { type ParsedEvent, REVIEW_THRESHOLD } from '../../../core/scheduling/parsed-event.js'
import { type CorpusPhrase, PARSE_CORPUS } from './parse-corpus.js'

const FIELDS = ['title', 'start_time', 'end_time', 'location', 'attendees'] as const
type Field = (typeof FIELDS)[number]
/** Fields that carry a confidence (end_time is scored with start_time's). */
const SCORED = ['title', 'start_time', 'location', 'attendees'] as const

/**
 * Accuracy the parser must keep on the corpus, a little under what it reaches
 * (docs/scheduling.md has the measured figures). Raise them when it improves.
 */
const ACCURACY_FLOOR: Record<Field, number> = {
  title: 0.97,
  start_time: 0.96,
  end_time: 0.96,
  location: 0.97,
  attendees: 0.98,
}
/**
 * The held-out group was written after the parser was tuned and never tuned against, so its figures are the honest
 * ones; on 30 phrases one miss is 3.3 points.
 */
const HELD_OUT_FLOOR = 0.85
/** Among parses scored at or above the review threshold, at least this share is right, per field. */
const CONFIDENT_ACCURACY_FLOOR = 0.97
/** Of the wrong answers, at least this share is scored below the review threshold. */
const WRONG_FLAGGED_FLOOR = 0.9

const wall = (value: string, zone: string) => {
  const text = /^\d{4}-/.test(value) ? value : `2026-${value}`
  const parsed = DateTime.fromFormat(text, 'yyyy-MM-dd HH:mm', { zone })
  if (!parsed.isValid) throw new Error(`bad corpus time ${value}`)
  return parsed
}
const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').replace(/\s+/g, ' ').trim().toLowerCase() === (b ?? '').replace(/\s+/g, ' ').trim().toLowerCase()

interface Outcome {
  readonly phrase: CorpusPhrase
  readonly parsed: ParsedEvent
  /** null: the field has no right answer in this phrase (no date given). */
  readonly right: Record<Field, boolean | null>
}

const judge = (phrase: CorpusPhrase): Outcome => {
  const zone = phrase.timezone
  const parsed = parseEventText(phrase.text, {
    now: wall(phrase.now, zone).toJSDate(),
    timezone: zone,
    defaultDurationMin: 30,
    contacts: phrase.contacts,
    homeAddress: phrase.homeAddress,
  })
  const start = phrase.start === null ? null : wall(phrase.start, zone)
  const end =
    start === null
      ? null
      : typeof phrase.end === 'number'
        ? start.plus({ minutes: phrase.end })
        : wall(phrase.end, zone)
  const expectedPlace =
    phrase.location === null
      ? null
      : typeof phrase.location === 'string'
        ? { name: phrase.location, address: phrase.location }
        : { name: phrase.location[0], address: phrase.location[1] }
  const place = parsed.location
  const people = (list: readonly (readonly [string, string | null])[]) =>
    list.map(([name, email]) => `${name.toLowerCase()}|${email ?? ''}`).sort()
  return {
    phrase,
    parsed,
    right: {
      title: same(parsed.title, phrase.title),
      start_time: start === null ? null : parsed.startTime.getTime() === start.toMillis(),
      end_time: end === null ? null : parsed.endTime.getTime() === end.toMillis(),
      location:
        expectedPlace === null
          ? place === null
          : place !== null && same(place.address, expectedPlace.address) && same(place.name, expectedPlace.name),
      attendees:
        JSON.stringify(people(parsed.attendees.map((attendee) => [attendee.name, attendee.email]))) ===
        JSON.stringify(people(phrase.attendees)),
    },
  }
}

const outcomes = PARSE_CORPUS.map(judge)
const confidenceOf = (outcome: Outcome, field: (typeof SCORED)[number]) =>
  ({
    title: outcome.parsed.confidence.title,
    start_time: outcome.parsed.confidence.startTime,
    location: outcome.parsed.confidence.location,
    attendees: outcome.parsed.confidence.attendees,
  })[field]

const share = (values: readonly boolean[]) => (values.length === 0 ? 1 : values.filter(Boolean).length / values.length)
const percent = (value: number) => `${(value * 100).toFixed(1)}%`

const accuracy = Object.fromEntries(
  FIELDS.map((field) => [
    field,
    share(outcomes.flatMap((outcome) => (outcome.right[field] === null ? [] : [outcome.right[field]]))),
  ]),
) as Record<Field, number>

/** Per scored field: accuracy of the parses at or above the threshold, and below it ("no answer" counts as wrong). */
const calibration = Object.fromEntries(
  SCORED.map((field) => {
    const confident = outcomes.filter((outcome) => confidenceOf(outcome, field) >= REVIEW_THRESHOLD)
    const doubtful = outcomes.filter((outcome) => confidenceOf(outcome, field) < REVIEW_THRESHOLD)
    const rightness = (outcome: Outcome) => outcome.right[field] === true
    return [
      field,
      {
        confident: confident.length,
        confidentAccuracy: share(confident.map(rightness)),
        doubtful: doubtful.length,
        doubtfulAccuracy: share(doubtful.map(rightness)),
        wrongFlagged: share(
          outcomes
            .filter((outcome) => outcome.right[field] === false)
            .map((outcome) => confidenceOf(outcome, field) < REVIEW_THRESHOLD),
        ),
      },
    ]
  }),
) as Record<
  (typeof SCORED)[number],
  { confident: number; confidentAccuracy: number; doubtful: number; doubtfulAccuracy: number; wrongFlagged: number }
>

describe('natural-language parse: the labelled corpus', () => {
  it('holds at least 300 English phrases of every kind', () => {
    expect(PARSE_CORPUS.length).toBeGreaterThanOrEqual(300)
    const categories = new Set(PARSE_CORPUS.map((phrase) => phrase.category))
    for (const kind of [
      'relative',
      'absolute dates',
      'ranges and durations',
      'daylight saving',
      'ambiguous',
      'typos',
      'hostile',
    ])
      expect(categories).toContain(kind)
  })

  it('reaches the accuracy floor of each field (the figures are printed)', () => {
    const lines = [`parse corpus: ${PARSE_CORPUS.length} phrases`]
    const heldOut = outcomes.filter((outcome) => outcome.phrase.category === 'held-out')
    const heldOutAccuracy: Partial<Record<Field, number>> = {}
    for (const field of FIELDS) {
      const held = share(heldOut.flatMap((outcome) => (outcome.right[field] === null ? [] : [outcome.right[field]])))
      heldOutAccuracy[field] = held
      lines.push(
        `  ${field.padEnd(11)} accuracy ${percent(accuracy[field])} (held-out ${heldOut.length}: ${percent(held)})`,
      )
    }
    for (const field of SCORED) {
      const c = calibration[field]
      lines.push(
        `  ${field.padEnd(11)} confidence >= ${REVIEW_THRESHOLD}: ${c.confident} phrases, ${percent(c.confidentAccuracy)} right; below: ${c.doubtful}, ${percent(c.doubtfulAccuracy)} right; wrong ones flagged: ${percent(c.wrongFlagged)}`,
      )
    }
    if (process.env.PARSE_CORPUS_VERBOSE !== undefined)
      for (const outcome of outcomes)
        for (const field of FIELDS)
          if (outcome.right[field] === false)
            lines.push(
              `  MISS ${field} ${JSON.stringify(outcome.phrase.text.slice(0, 80))}: ${JSON.stringify({
                title: outcome.parsed.title,
                start: DateTime.fromJSDate(outcome.parsed.startTime, { zone: outcome.phrase.timezone }).toFormat(
                  'yyyy-MM-dd HH:mm',
                ),
                end: DateTime.fromJSDate(outcome.parsed.endTime, { zone: outcome.phrase.timezone }).toFormat(
                  'yyyy-MM-dd HH:mm',
                ),
                location: outcome.parsed.location,
                attendees: outcome.parsed.attendees,
                confidence: outcome.parsed.confidence,
              })}`,
            )
    console.log(lines.join('\n'))
    for (const field of FIELDS) {
      expect(accuracy[field], field).toBeGreaterThanOrEqual(ACCURACY_FLOOR[field])
      expect(heldOutAccuracy[field], `held-out ${field}`).toBeGreaterThanOrEqual(HELD_OUT_FLOOR)
    }
  })

  it('is calibrated: what is scored at or above 0.7 is right, and what is wrong is mostly scored below', () => {
    for (const field of SCORED)
      expect(calibration[field].confidentAccuracy, field).toBeGreaterThanOrEqual(CONFIDENT_ACCURACY_FLOOR)
    // Below the threshold is not "wrong" (a name without an address is right, and still worth a look), but what is
    // wrong should mostly be flagged: pooled over the fields, at least this share of wrong answers scores below 0.7.
    const wrong = SCORED.flatMap((field) =>
      outcomes.filter((outcome) => outcome.right[field] === false).map((outcome) => confidenceOf(outcome, field)),
    )
    expect(share(wrong.map((score) => score < REVIEW_THRESHOLD))).toBeGreaterThanOrEqual(WRONG_FLAGGED_FLOOR)
    // A phrase without any date must never look sure of its start.
    for (const outcome of outcomes.filter((item) => item.phrase.start === null))
      expect(outcome.parsed.confidence.startTime, outcome.phrase.text).toBeLessThan(REVIEW_THRESHOLD)
  })

  it('reads every daylight-saving phrase right: clock times keep their wall time, amounts of hours are instants', () => {
    const dst = outcomes.filter((outcome) => outcome.phrase.category === 'daylight saving')
    expect(dst.length).toBeGreaterThanOrEqual(20)
    for (const outcome of dst) {
      expect(outcome.right.start_time, outcome.phrase.text).toBe(true)
      expect(outcome.right.end_time, outcome.phrase.text).toBe(true)
    }
  })

  it('always answers a well-formed draft: confidences in 0..1, end after start, a title, a valid POST /v1/events body', () => {
    for (const { parsed, phrase } of outcomes) {
      for (const value of Object.values(parsed.confidence)) {
        expect(value).toBeGreaterThanOrEqual(0)
        expect(value).toBeLessThanOrEqual(1)
      }
      expect(parsed.endTime.getTime()).toBeGreaterThan(parsed.startTime.getTime())
      const body = { user_id: 'usr_corpus', ...renderParsedEvent(parsed, undefined).event }
      const decoded = decodeRequest(CreateEventRequest, body)
      expect(decoded.ok, `${phrase.text.slice(0, 60)}: ${JSON.stringify(decoded.ok ? null : decoded.problem)}`).toBe(
        true,
      )
    }
  })
})
