import { Schema } from 'effect'
import { boundedString } from './common.js'

const Latitude = Schema.Finite.check(Schema.isBetween({ minimum: -90, maximum: 90 }))
const Longitude = Schema.Finite.check(Schema.isBetween({ minimum: -180, maximum: 180 }))

/** A place in a request: an address, coordinates, or both (coordinates win). */
export const PlaceRequest = Schema.Struct({
  name: Schema.optionalKey(Schema.NullOr(boundedString(200))),
  address: Schema.optionalKey(Schema.NullOr(boundedString(500))),
  lat: Schema.optionalKey(Latitude),
  lng: Schema.optionalKey(Longitude),
}).annotate({ identifier: 'PlaceRequest' })
