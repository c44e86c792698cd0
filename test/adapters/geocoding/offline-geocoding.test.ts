import { describe, expect, it } from 'vitest'
import { OfflineGeocodingAdapter } from '../../../adapters/geocoding/offline/offline-geocoding.js'
import { greatCircleDistanceKm } from '../../../core/shared/coordinates.js'
import { expectOk } from '../../../core/shared/result.js'
import { geocodingPortContract } from '../../contracts/geocoding.contract.js'

// One instance for the file: the gazetteer loads once (about a second), as it does once per process in the service.
const geocoder = new OfflineGeocodingAdapter()

geocodingPortContract('offline city-level geocoder', () => ({ port: geocoder }), {
  knownAddress: '500 Castro St, Mountain View, CA',
  unknownAddress: '12 Imaginary Lane, Nowhereville, Xyzzyland',
})

/**
 * Fifty real addresses: the city (or, with a ZIP code, the ZIP's town) it must be placed in, and a real
 * reference point of the address (the building, to about 100 m, from its public OpenStreetMap position). The
 * answer is a city centre or a ZIP centroid, so its error is the distance from there to the building: bounded
 * per row by `withinKm` (large cities, large ZIP codes) and on the median.
 */
const ADDRESSES: ReadonlyArray<{
  readonly address: string
  readonly city: RegExp
  readonly at: { readonly lat: number; readonly lng: number }
  readonly withinKm: number
}> = [
  // North America, with and without ZIP codes
  {
    address: '500 Castro St, Mountain View, CA',
    city: /^Mountain View, CA/,
    at: { lat: 37.3894, lng: -122.0819 },
    withinKm: 5,
  },
  {
    address: '500 Castro St, Mountain View, CA 94041',
    city: /^Mountain View, CA 94041/,
    at: { lat: 37.3894, lng: -122.0819 },
    withinKm: 3,
  },
  {
    address: '1600 Amphitheatre Parkway, Mountain View, CA 94043',
    city: /^Mountain View, CA 94043/,
    at: { lat: 37.422, lng: -122.0841 },
    withinKm: 5,
  },
  {
    address: '1 Infinite Loop, Cupertino, CA 95014',
    city: /^Cupertino, CA 95014/,
    at: { lat: 37.3318, lng: -122.0312 },
    withinKm: 8,
  },
  {
    address: '1600 Pennsylvania Avenue NW, Washington, DC 20500',
    city: /^Washington, DC 20500/,
    at: { lat: 38.8977, lng: -77.0365 },
    withinKm: 3,
  },
  {
    address: '350 Fifth Avenue, New York, NY 10118',
    city: /^New York, NY 10118/,
    at: { lat: 40.7484, lng: -73.9857 },
    withinKm: 3,
  },
  {
    address: '233 S Wacker Dr, Chicago, IL 60606',
    city: /^Chicago, IL 60606/,
    at: { lat: 41.8789, lng: -87.6359 },
    withinKm: 3,
  },
  {
    address: '400 Broad St, Seattle, WA 98109',
    city: /^Seattle, WA 98109/,
    at: { lat: 47.6205, lng: -122.3493 },
    withinKm: 3,
  },
  {
    address: '1 Dr Carlton B Goodlett Pl, San Francisco, CA 94102',
    city: /^San Francisco, CA 94102/,
    at: { lat: 37.7793, lng: -122.4193 },
    withinKm: 3,
  },
  {
    address: '4 Yawkey Way, Boston, MA 02215',
    city: /^Boston, MA 02215/,
    at: { lat: 42.3467, lng: -71.0972 },
    withinKm: 3,
  },
  {
    address: '1 Ferry Building, San Francisco, CA',
    city: /^San Francisco, CA/,
    at: { lat: 37.7955, lng: -122.3937 },
    withinKm: 6,
  },
  {
    address: '2 15th St NW, Washington, DC',
    city: /^Washington, D\.C\., DC/,
    at: { lat: 38.8895, lng: -77.0353 },
    withinKm: 3,
  },
  {
    address: '600 Navarro St, San Antonio, Texas',
    city: /^San Antonio, TX/,
    at: { lat: 29.4258, lng: -98.4895 },
    withinKm: 5,
  },
  {
    address: '11 Wall Street, New York, NY',
    city: /^New York City, NY/,
    at: { lat: 40.7069, lng: -74.0113 },
    withinKm: 3,
  },
  {
    address: '301 W Main St, Springfield, IL',
    city: /^Springfield, IL/,
    at: { lat: 39.8014, lng: -89.6482 },
    withinKm: 3,
  },
  {
    address: '36 Court St, Springfield, MA',
    city: /^Springfield, MA/,
    at: { lat: 42.1015, lng: -72.5898 },
    withinKm: 3,
  },
  {
    address: '830 N Boonville Ave, Springfield, Missouri',
    city: /^Springfield, MO/,
    at: { lat: 37.2153, lng: -93.2924 },
    withinKm: 3,
  },
  { address: 'Springfield', city: /^Springfield, MO/, at: { lat: 37.2153, lng: -93.2982 }, withinKm: 3 },
  {
    address: '100 Queen St W, Toronto, ON, Canada',
    city: /^Toronto, Canada/,
    at: { lat: 43.6534, lng: -79.3841 },
    withinKm: 8,
  },
  {
    address: '453 W 12th Ave, Vancouver, BC',
    city: /^Vancouver, Canada/,
    at: { lat: 49.2612, lng: -123.1139 },
    withinKm: 5,
  },
  {
    address: 'Plaza de la Constitución, Mexico City, Mexico',
    city: /^Mexico City, Mexico/,
    at: { lat: 19.4326, lng: -99.1332 },
    withinKm: 3,
  },
  { address: 'Paris, Texas', city: /^Paris, TX/, at: { lat: 33.6609, lng: -95.5555 }, withinKm: 3 },
  // Europe
  {
    address: '10 Downing Street, London, UK',
    city: /^London, United Kingdom/,
    at: { lat: 51.5034, lng: -0.1276 },
    withinKm: 3,
  },
  {
    address: '10 Downing Street London',
    city: /^London, United Kingdom/,
    at: { lat: 51.5034, lng: -0.1276 },
    withinKm: 3,
  },
  {
    address: 'Champ de Mars, 5 Avenue Anatole France, 75007 Paris, France',
    city: /^Paris, France/,
    at: { lat: 48.8584, lng: 2.2945 },
    withinKm: 6,
  },
  {
    address: 'Platz der Republik 1, 11011 Berlin, Germany',
    city: /^Berlin, Germany/,
    at: { lat: 52.5186, lng: 13.3761 },
    withinKm: 4,
  },
  {
    address: 'Friedrichstraße 43, 10117 Berlin',
    city: /^Berlin, Germany/,
    at: { lat: 52.5071, lng: 13.3903 },
    withinKm: 4,
  },
  {
    address: 'Marienplatz 8, 80331 Munich, Germany',
    city: /^Munich, Germany/,
    at: { lat: 48.1374, lng: 11.5755 },
    withinKm: 3,
  },
  {
    address: 'Piazza del Colosseo 1, 00184 Rome, Italy',
    city: /^Rome, Italy/,
    at: { lat: 41.8902, lng: 12.4922 },
    withinKm: 3,
  },
  {
    address: 'Carrer de Mallorca 401, 08013 Barcelona, Spain',
    city: /^Barcelona, Spain/,
    at: { lat: 41.4036, lng: 2.1744 },
    withinKm: 3,
  },
  {
    address: 'Dam 1, 1012 JS Amsterdam, Netherlands',
    city: /^Amsterdam, Netherlands/,
    at: { lat: 52.3731, lng: 4.8922 },
    withinKm: 3,
  },
  {
    address: 'Stephansplatz 3, 1010 Vienna, Austria',
    city: /^Vienna, Austria/,
    at: { lat: 48.2085, lng: 16.3731 },
    withinKm: 3,
  },
  {
    address: 'Rynek Główny 1, Kraków, Poland',
    city: /^Kraków, Poland/,
    at: { lat: 50.0617, lng: 19.9373 },
    withinKm: 3,
  },
  {
    address: 'Praça do Comércio, Lisbon, Portugal',
    city: /^Lisbon, Portugal/,
    at: { lat: 38.7075, lng: -9.1364 },
    withinKm: 3,
  },
  { address: 'Red Square, Moscow, Russia', city: /^Moscow, Russia/, at: { lat: 55.7539, lng: 37.6208 }, withinKm: 3 },
  {
    address: 'Sergels torg, Stockholm, Sweden',
    city: /^Stockholm, Sweden/,
    at: { lat: 59.3326, lng: 18.0649 },
    withinKm: 3,
  },
  { address: 'London, Ontario, Canada', city: /^London, Canada/, at: { lat: 42.9849, lng: -81.2453 }, withinKm: 3 },
  // Asia, Oceania, Africa, South America
  {
    address: '2-8-1 Nishi-Shinjuku, Shinjuku, Tokyo, Japan',
    city: /^Tokyo, Japan/,
    at: { lat: 35.6896, lng: 139.6917 },
    withinKm: 3,
  },
  { address: 'Tokyo Japan', city: /^Tokyo, Japan/, at: { lat: 35.6895, lng: 139.6917 }, withinKm: 3 },
  {
    address: '1 Raffles Place, Singapore',
    city: /^Singapore, Singapore/,
    at: { lat: 1.2841, lng: 103.8515 },
    withinKm: 3,
  },
  {
    address: 'Gateway of India, Apollo Bandar, Mumbai, India',
    city: /^Mumbai, India/,
    at: { lat: 18.922, lng: 72.8347 },
    // GeoNames puts Mumbai's centre at Bandra-Kurla, 17 km north of the Gateway at the peninsula's tip.
    withinKm: 20,
  },
  {
    address: 'Tiananmen Square, Beijing, China',
    city: /^Beijing, People's Republic of China/,
    at: { lat: 39.9055, lng: 116.3976 },
    withinKm: 3,
  },
  {
    address: '1 Sejong-daero, Jung-gu, Seoul, South Korea',
    city: /^Seoul, South Korea/,
    at: { lat: 37.5663, lng: 126.9779 },
    withinKm: 3,
  },
  {
    address: 'Bennelong Point, Sydney NSW 2000, Australia',
    city: /^Sydney, Australia/,
    at: { lat: -33.8568, lng: 151.2153 },
    withinKm: 3,
  },
  {
    address: 'Federation Square, Melbourne, Australia',
    city: /^Melbourne, Australia/,
    at: { lat: -37.818, lng: 144.9691 },
    withinKm: 3,
  },
  { address: 'Tahrir Square, Cairo, Egypt', city: /^Cairo, Egypt/, at: { lat: 30.0444, lng: 31.2357 }, withinKm: 3 },
  {
    address: '1 Long Street, Cape Town, South Africa',
    city: /^Cape Town, South Africa/,
    at: { lat: -33.9197, lng: 18.4225 },
    withinKm: 3,
  },
  {
    address: 'Kenyatta Avenue, Nairobi, Kenya',
    city: /^Nairobi, Kenya/,
    at: { lat: -1.2841, lng: 36.8155 },
    withinKm: 3,
  },
  {
    address: 'Av. Paulista, 1578, São Paulo, SP, Brazil',
    city: /^São Paulo, Brazil/,
    at: { lat: -23.5614, lng: -46.6559 },
    withinKm: 6,
  },
  {
    address: 'Avenida 9 de Julio, Buenos Aires, Argentina',
    city: /^Buenos Aires, Argentina/,
    at: { lat: -34.6037, lng: -58.3816 },
    withinKm: 3,
  },
]

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

describe('offline city-level geocoder on real addresses', () => {
  it('has fifty addresses on five continents', () => {
    expect(ADDRESSES).toHaveLength(50)
  })

  it.each(ADDRESSES)('$address', async ({ address, city, at, withinKm }) => {
    const place = expectOk(await geocoder.geocode(address))
    expect(place).not.toBeNull()
    expect(place!.displayName).toMatch(city)
    expect(place!.confidence).toBe('low')
    expect(place!.source).toBe('city_level')
    expect(greatCircleDistanceKm(place!.coordinates, at)).toBeLessThanOrEqual(withinKm)
  })

  it('misses the building by a median of under 2 km', async () => {
    const errors: number[] = []
    for (const { address, at } of ADDRESSES) {
      const place = expectOk(await geocoder.geocode(address))
      errors.push(greatCircleDistanceKm(place!.coordinates, at))
    }
    expect(median(errors)).toBeLessThan(2)
  })
})

describe('offline city-level geocoder: what it will not guess', () => {
  it.each([
    ['a country alone', 'Germany'],
    ['a state alone', 'California'],
    ['an unknown place', 'Xyzzy Lane, Nowhereville'],
    ['a city not in the state named', 'Springfield, AK'],
    ['a city not in the country named', 'Berlin, Japan'],
  ])('answers null for %s', async (_, address) => {
    expect(expectOk(await geocoder.geocode(address))).toBeNull()
  })

  it.each([
    ['Singapore', /^Singapore, Singapore/],
    ['Mexico', /^Mexico City, Mexico/],
    ['New York', /^New York City, NY/],
    ['Luxembourg', /^Luxembourg, Luxembourg/],
  ])('places %s, a country or state named like its city, at that city', async (address, city) => {
    expect(expectOk(await geocoder.geocode(address))!.displayName).toMatch(city)
  })

  it('does not read a German postal code as a US ZIP code', async () => {
    const place = expectOk(await geocoder.geocode('Invalidenstraße 116, 10115 Berlin'))
    expect(place!.displayName).toMatch(/^Berlin, Germany/)
  })

  it('says in its display name that the point is not the street address', async () => {
    const place = expectOk(await geocoder.geocode('500 Castro St, Mountain View, CA'))
    expect(place!.displayName).toMatch(/not a street address/)
  })
})
