import { describe, expect, it } from 'vitest'
import { GeoTzTimezoneLookup } from '../../../adapters/timezone/geo-tz/geo-tz-timezone-lookup.js'
import { timezoneLookupPortContract } from '../../contracts/timezone-lookup.contract.js'

timezoneLookupPortContract('geo-tz timezone lookup', () => ({ port: new GeoTzTimezoneLookup() }))

describe('geo-tz timezone lookup', () => {
  it('tells apart zones that keep the same time today but not since 1970', async () => {
    const lookup = new GeoTzTimezoneLookup()
    expect(await lookup.timezoneAt({ lat: 48.8566, lng: 2.3522 })).toBe('Europe/Paris')
    expect(await lookup.timezoneAt({ lat: 52.52, lng: 13.405 })).toBe('Europe/Berlin')
  })

  it('answers the nautical zone on the open sea', async () => {
    expect(await new GeoTzTimezoneLookup().timezoneAt({ lat: 0, lng: -140 })).toBe('Etc/GMT+9')
  })
})
