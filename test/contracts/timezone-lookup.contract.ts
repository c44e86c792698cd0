import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { TimezoneLookupPort } from '../../core/ports/timezone-lookup.js'

export interface TimezoneLookupContractSubject {
  readonly port: TimezoneLookupPort
  readonly teardown?: () => Promise<void>
}

/** What every TimezoneLookupPort adapter must do; call it from the adapter's own test file. */
export const timezoneLookupPortContract = (
  name: string,
  makeSubject: () => TimezoneLookupContractSubject | Promise<TimezoneLookupContractSubject>,
): void => {
  describe(`${name} honours the TimezoneLookupPort contract`, () => {
    let subject: TimezoneLookupContractSubject
    beforeEach(async () => {
      subject = await makeSubject()
    })
    afterEach(async () => {
      await subject.teardown?.()
    })

    it('names the IANA timezone of a point on land, one that Intl accepts', async () => {
      const cases = [
        { at: { lat: 37.386, lng: -122.084 }, zone: 'America/Los_Angeles' },
        { at: { lat: 52.52, lng: 13.405 }, zone: 'Europe/Berlin' },
        { at: { lat: 35.69, lng: 139.69 }, zone: 'Asia/Tokyo' },
        { at: { lat: -33.87, lng: 151.21 }, zone: 'Australia/Sydney' },
      ]
      for (const { at, zone } of cases) {
        const found = await subject.port.timezoneAt(at)
        expect(found).toBe(zone)
        expect(() => new Intl.DateTimeFormat('en', { timeZone: found! })).not.toThrow()
      }
    })

    it('answers the same zone for the same point every time', async () => {
      const at = { lat: 40.7128, lng: -74.006 }
      expect(await subject.port.timezoneAt(at)).toBe(await subject.port.timezoneAt(at))
    })
  })
}
