import { IANAZone } from 'luxon'
import { findIana } from 'windows-iana'

/**
 * The IANA zone of a zone name as Graph writes it: an IANA name as given (what we write), a Windows name (what
 * Outlook writes: `W. Europe Standard Time`) through the CLDR mapping, `tzone://Microsoft/Utc` as UTC. Null for a
 * name neither knows (`tzone://Microsoft/Custom`, a legacy custom zone of desktop Outlook).
 */
export const ianaZoneOf = (name: string | null | undefined): string | null => {
  if (name === null || name === undefined || name === '') return null
  if (/^tzone:\/\/Microsoft\/Utc$/i.test(name)) return 'UTC'
  if (IANAZone.isValidZone(name)) return name
  const zone = findIana(name)?.find((candidate) => IANAZone.isValidZone(candidate))
  return zone ?? null
}
