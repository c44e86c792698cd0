/**
 * API versions are dates (docs/spec-map.md, "Versioning"; docs/conventions.md). Responses are built in the
 * latest shape; for an older version the host walks the changes newer than it,
 * newest first, and applies each one's `downgrade`. Requests go the other way:
 * each change newer than the caller's version `upgrade`s the request, oldest first.
 * A later breaking change is one entry in VERSION_CHANGES.
 */
export const API_VERSIONS = ['2025-06-15', '2025-09-22', '2025-12-09', '2026-03-04', '2026-05-20'] as const
export type ApiVersion = (typeof API_VERSIONS)[number]
export const CURRENT_VERSION: ApiVersion = '2026-05-20'

export const isApiVersion = (value: string): value is ApiVersion => (API_VERSIONS as readonly string[]).includes(value)

type Json = Record<string, unknown>

export interface ResponseShape {
  statusCode: number
  headers: Record<string, string>
}

export interface VersionChange {
  /** The version that introduced the change. */
  readonly version: ApiVersion
  readonly description: string
  /** Turns a resource (by its `object` name) from this version's shape into the previous one's. */
  readonly downgradeResource?: Readonly<Record<string, (resource: Json) => Json>>
  /** Turns a request body of an endpoint (`POST /v1/events`) from the previous version's shape into this one's. */
  readonly upgradeRequest?: Readonly<Record<string, (body: Json) => Json>>
  /** Adjusts status and headers of an endpoint's response for callers on older versions. */
  readonly downgradeResponse?: Readonly<Record<string, (response: ResponseShape) => ResponseShape>>
  /**
   * The same changes, said to the OpenAPI document of an older version: the success status an endpoint had then
   * (`downgradeResponse`), and the JSON Schema of a resource (by its `object` name) as `downgradeResource` leaves it.
   */
  readonly downgradeSuccessStatus?: Readonly<Record<string, number>>
  /** The success headers an endpoint did not send then (`downgradeResponse` removes them). */
  readonly downgradeSuccessHeadersRemoved?: Readonly<Record<string, readonly string[]>>
  readonly downgradeResourceSchema?: Readonly<Record<string, (schema: Json) => Json>>
}

/** A JSON Schema object without one of its properties. */
const withoutProperty = (schema: Json, name: string): Json => {
  const { [name]: _dropped, ...properties } = (schema.properties ?? {}) as Json
  const required = (schema.required as string[] | undefined)?.filter((key) => key !== name)
  return { ...schema, properties, ...(required === undefined ? {} : { required }) }
}

/** Kept in version order; each breaking change is one entry. */
export const VERSION_CHANGES: readonly VersionChange[] = [
  {
    version: '2026-03-04',
    description: 'POST /v1/events returns 201 with a Location header (was 200 without it).',
    downgradeResponse: {
      'POST /v1/events': ({ statusCode, headers }) => ({
        statusCode: statusCode === 201 ? 200 : statusCode,
        headers: Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'location')),
      }),
    },
    downgradeSuccessStatus: { 'POST /v1/events': 200 },
    downgradeSuccessHeadersRemoved: { 'POST /v1/events': ['Location'] },
  },
  {
    version: '2026-05-20',
    description: 'voice.action_executed gains confirmed_by_user.',
    downgradeResource: {
      voice_action: (action) => {
        const { confirmed_by_user: _added, ...older } = action
        return older
      },
    },
    downgradeResourceSchema: { voice_action: (schema) => withoutProperty(schema, 'confirmed_by_user') },
  },
  {
    version: '2026-05-20',
    description:
      'event.monitoring.traffic_status renamed traffic_level; traffic_status kept as an alias for one minor version.',
    downgradeResource: {
      event: (event) => {
        const monitoring = event.monitoring as Record<string, unknown> | undefined
        if (monitoring === undefined) return event
        const { traffic_level: _renamed, ...older } = monitoring
        return { ...event, monitoring: older }
      },
    },
    downgradeResourceSchema: {
      event: (schema) => {
        const properties = schema.properties as Json
        const monitoring = properties.monitoring as Json | undefined
        // A notification is an `event` object too, without monitoring: unchanged, as `downgradeResource` leaves it.
        if (monitoring?.properties === undefined) return schema
        return { ...schema, properties: { ...properties, monitoring: withoutProperty(monitoring, 'traffic_level') } }
      },
    },
  },
]

const newerThan = (version: ApiVersion, changes: readonly VersionChange[]) =>
  changes.filter((change) => change.version > version)

/**
 * The changes newer than each version, newest first (downgrades) and oldest first
 * (upgrades), worked out once per table: every response asks, and most callers are
 * on the current version, for which both lists are empty.
 */
interface ChangeOrder {
  readonly newestFirst: readonly VersionChange[]
  readonly oldestFirst: readonly VersionChange[]
}
const orders = new WeakMap<readonly VersionChange[], Map<ApiVersion, ChangeOrder>>()
const changesNewerThan = (version: ApiVersion, all: readonly VersionChange[]): ChangeOrder => {
  let byVersion = orders.get(all)
  if (byVersion === undefined) {
    byVersion = new Map()
    orders.set(all, byVersion)
  }
  let order = byVersion.get(version)
  if (order === undefined) {
    const newer = newerThan(version, all)
    order = {
      newestFirst: [...newer].sort((a, b) => (a.version < b.version ? 1 : -1)),
      oldestFirst: [...newer].sort((a, b) => (a.version < b.version ? -1 : 1)),
    }
    byVersion.set(version, order)
  }
  return order
}

/** Renders a latest-shape resource (and the resources nested in lists) for `version`. */
export const downgradeResource = (
  resource: Json,
  version: ApiVersion,
  all: readonly VersionChange[] = VERSION_CHANGES,
): Json => {
  const changes = changesNewerThan(version, all).newestFirst
  if (changes.length === 0) return resource
  const convert = (value: Json): Json => {
    if (value.object === 'list' && Array.isArray(value.data))
      return { ...value, data: value.data.map((item) => convert(item as Json)) }
    return changes.reduce((current, change) => {
      const step = typeof current.object === 'string' ? change.downgradeResource?.[current.object] : undefined
      return step === undefined ? current : step(current)
    }, value)
  }
  return convert(resource)
}

/** The changes newer than a version, newest first: what its document undoes of the current one. */
export const changesSince = (version: ApiVersion, all: readonly VersionChange[] = VERSION_CHANGES) =>
  changesNewerThan(version, all).newestFirst

export const upgradeRequest = (
  endpoint: string,
  body: Json,
  version: ApiVersion,
  all: readonly VersionChange[] = VERSION_CHANGES,
): Json =>
  changesNewerThan(version, all).oldestFirst.reduce(
    (current, change) => change.upgradeRequest?.[endpoint]?.(current) ?? current,
    body,
  )

export const downgradeResponse = (
  endpoint: string,
  response: ResponseShape,
  version: ApiVersion,
  all: readonly VersionChange[] = VERSION_CHANGES,
): ResponseShape =>
  changesNewerThan(version, all).newestFirst.reduce(
    (current, change) => change.downgradeResponse?.[endpoint]?.(current) ?? current,
    response,
  )
