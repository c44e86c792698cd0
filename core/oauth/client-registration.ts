import { err, ok, type Result } from '../shared/result.js'
import { parseScope, redirectUriProblem } from './oauth.js'

/**
 * Dynamic Client Registration (RFC 7591) as this authorization server allows it: public clients only
 * (`token_endpoint_auth_method: "none"`), the code grant with PKCE S256 and refresh tokens, exact redirect URIs
 * (https, or http on a loopback host), and bounded metadata. Metadata it does not use is ignored (RFC 7591 2).
 */

/** The bounds of a registration's metadata (the request body itself is bounded by the route). */
export const REGISTRATION_BOUNDS = {
  redirectUris: 10,
  uriLength: 2000,
  clientNameLength: 200,
  /** Any other string value of the metadata (client_uri, logo_uri, scope, software_id ...). */
  stringLength: 2000,
  /** Entries of an array value (contacts, grant_types ...). */
  arrayLength: 10,
  /** The whole metadata, as JSON. */
  metadataBytes: 16 * 1024,
  /** Registrations one client address may make per hour. */
  perAddressPerHour: 20,
} as const

export const REGISTERED_GRANT_TYPES = ['authorization_code', 'refresh_token'] as const

/** RFC 7591 3.2.2: why a registration is refused. */
export interface RegistrationError {
  readonly error: 'invalid_redirect_uri' | 'invalid_client_metadata'
  readonly description: string
}

/** What a valid registration registers. */
export interface ClientRegistration {
  readonly clientName: string
  readonly redirectUris: readonly string[]
}

const metadataError = (description: string): Result<never, RegistrationError> =>
  err({ error: 'invalid_client_metadata', description })

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((entry) => typeof entry === 'string')

/** The metadata fields whose values must be strings (when present), each bounded. */
const STRING_FIELDS = [
  'client_uri',
  'logo_uri',
  'tos_uri',
  'policy_uri',
  'jwks_uri',
  'software_id',
  'software_version',
  'scope',
] as const

/** Checks a registration request's metadata (a parsed JSON body) against the rules above. */
export const checkRegistration = (metadata: unknown): Result<ClientRegistration, RegistrationError> => {
  if (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata))
    return metadataError('The body is a JSON object of client metadata (RFC 7591 2).')
  if (Buffer.byteLength(JSON.stringify(metadata)) > REGISTRATION_BOUNDS.metadataBytes)
    return metadataError(`The client metadata exceeds ${REGISTRATION_BOUNDS.metadataBytes} bytes.`)
  const fields = metadata as Record<string, unknown>
  const uris = fields.redirect_uris
  if (!isStringArray(uris) || uris.length === 0 || uris.length > REGISTRATION_BOUNDS.redirectUris)
    return err({
      error: 'invalid_redirect_uri',
      description: `redirect_uris is an array of 1 to ${REGISTRATION_BOUNDS.redirectUris} URIs.`,
    })
  for (const [index, uri] of uris.entries()) {
    if (uri.length > REGISTRATION_BOUNDS.uriLength)
      return err({
        error: 'invalid_redirect_uri',
        description: `redirect_uris[${index}] is longer than ${REGISTRATION_BOUNDS.uriLength} characters.`,
      })
    const problem = redirectUriProblem(uri)
    if (problem !== null)
      return err({ error: 'invalid_redirect_uri', description: `redirect_uris[${index}] ${problem}.` })
  }
  const method = fields.token_endpoint_auth_method
  if (method !== undefined && method !== 'none')
    return metadataError(
      'token_endpoint_auth_method must be "none": only public clients (with PKCE) register themselves here.',
    )
  const grants = fields.grant_types
  if (
    grants !== undefined &&
    (!isStringArray(grants) ||
      !grants.includes('authorization_code') ||
      grants.some((grant) => !(REGISTERED_GRANT_TYPES as readonly string[]).includes(grant)))
  )
    return metadataError('grant_types is ["authorization_code"] or ["authorization_code", "refresh_token"].')
  const responses = fields.response_types
  if (responses !== undefined && (!isStringArray(responses) || responses.some((type) => type !== 'code')))
    return metadataError('response_types is ["code"].')
  const name = fields.client_name
  if (name !== undefined && (typeof name !== 'string' || name.trim() === ''))
    return metadataError('client_name is a non-empty string.')
  if (typeof name === 'string' && name.length > REGISTRATION_BOUNDS.clientNameLength)
    return metadataError(`client_name is longer than ${REGISTRATION_BOUNDS.clientNameLength} characters.`)
  for (const field of STRING_FIELDS) {
    const value = fields[field]
    if (value === undefined) continue
    if (typeof value !== 'string' || value.length > REGISTRATION_BOUNDS.stringLength)
      return metadataError(`${field} is a string of at most ${REGISTRATION_BOUNDS.stringLength} characters.`)
  }
  if (typeof fields.scope === 'string' && parseScope(fields.scope) === null)
    return metadataError('scope lists permissions such as "users:read events:write".')
  const contacts = fields.contacts
  if (
    contacts !== undefined &&
    (!isStringArray(contacts) ||
      contacts.length > REGISTRATION_BOUNDS.arrayLength ||
      contacts.some((contact) => contact.length > REGISTRATION_BOUNDS.stringLength))
  )
    return metadataError(`contacts is an array of at most ${REGISTRATION_BOUNDS.arrayLength} strings.`)
  const clientName = typeof name === 'string' ? name.trim() : `Client at ${new URL(uris[0] ?? 'http://127.0.0.1').host}`
  return ok({ clientName, redirectUris: [...new Set(uris)] })
}
