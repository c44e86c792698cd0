import { Schema } from 'effect'
import { ALERT_PROFILES, PREFERRED_DEPARTURES, THEMES, TRAVEL_MODES, type User } from '../core/user/user.js'
import {
  boundedString,
  ClockTime,
  DateTime,
  deleted,
  Email,
  intBetween,
  ListQuery,
  listEnvelope,
  ResponseMeta,
  Timezone,
} from './common.js'
import { type EndpointContract, NoBody } from './endpoint.js'
import { PlaceRequest } from './place.js'

export const UserResource = Schema.Struct({
  id: Schema.String,
  object: Schema.Literal('user'),
  email: Schema.String,
  display_name: Schema.NullOr(Schema.String),
  timezone: Schema.String,
  default_travel_mode: Schema.Literals(TRAVEL_MODES),
  default_parking_buffer: Schema.Int,
  default_walk_buffer: Schema.Int,
  preferred_departure: Schema.Literals(PREFERRED_DEPARTURES),
  pre_alert_minutes: Schema.Int,
  alert_profile: Schema.Literals(ALERT_PROFILES),
  theme: Schema.Literals(THEMES),
  sound_enabled: Schema.Boolean,
  haptic_enabled: Schema.Boolean,
  quiet_hours_start: Schema.NullOr(Schema.String),
  quiet_hours_end: Schema.NullOr(Schema.String),
  onboarding_completed: Schema.Boolean,
  home_location: Schema.NullOr(
    Schema.Struct({
      name: Schema.NullOr(Schema.String),
      address: Schema.NullOr(Schema.String),
      lat: Schema.Number,
      lng: Schema.Number,
    }),
  ),
  deactivated_at: Schema.NullOr(DateTime),
  created_at: DateTime,
  ...ResponseMeta,
}).annotate({ identifier: 'User', description: 'A managed end-user.' })

/** Preference fields writable on create and update (with their bounds). */
const preferenceFields = {
  display_name: Schema.optionalKey(Schema.NullOr(boundedString(200))),
  timezone: Schema.optionalKey(Timezone),
  default_travel_mode: Schema.optionalKey(Schema.Literals(TRAVEL_MODES)),
  default_parking_buffer: Schema.optionalKey(intBetween(0, 120)),
  default_walk_buffer: Schema.optionalKey(intBetween(0, 120)),
  preferred_departure: Schema.optionalKey(Schema.Literals(PREFERRED_DEPARTURES)),
  pre_alert_minutes: Schema.optionalKey(intBetween(0, 1440)),
  alert_profile: Schema.optionalKey(Schema.Literals(ALERT_PROFILES)),
  theme: Schema.optionalKey(Schema.Literals(THEMES)),
  sound_enabled: Schema.optionalKey(Schema.Boolean),
  haptic_enabled: Schema.optionalKey(Schema.Boolean),
  quiet_hours_start: Schema.optionalKey(Schema.NullOr(ClockTime)),
  quiet_hours_end: Schema.optionalKey(Schema.NullOr(ClockTime)),
  onboarding_completed: Schema.optionalKey(Schema.Boolean),
  home_location: Schema.optionalKey(Schema.NullOr(PlaceRequest)),
}

export const CreateUserRequest = Schema.Struct({ email: Email, ...preferenceFields }).annotate({
  identifier: 'CreateUserRequest',
})
export const UpdateUserRequest = Schema.Struct({ email: Schema.optionalKey(Email), ...preferenceFields }).annotate({
  identifier: 'UpdateUserRequest',
})
export const ListUsersQuery = Schema.Struct({ ...ListQuery, email: Schema.optionalKey(Email) })

type PreferenceInput = Partial<Schema.Schema.Type<typeof UpdateUserRequest>>

/** Wire (snake_case) preferences to domain (camelCase); absent keys stay absent. */
export const preferencesFromWire = (body: PreferenceInput) => ({
  email: body.email,
  displayName: body.display_name,
  timezone: body.timezone,
  defaultTravelMode: body.default_travel_mode,
  defaultParkingBuffer: body.default_parking_buffer,
  defaultWalkBuffer: body.default_walk_buffer,
  preferredDeparture: body.preferred_departure,
  preAlertMinutes: body.pre_alert_minutes,
  alertProfile: body.alert_profile,
  theme: body.theme,
  soundEnabled: body.sound_enabled,
  hapticEnabled: body.haptic_enabled,
  quietHoursStart: body.quiet_hours_start,
  quietHoursEnd: body.quiet_hours_end,
  onboardingCompleted: body.onboarding_completed,
  homeLocation: body.home_location,
})

export const renderUser = (user: User) => ({
  id: user.id,
  object: 'user' as const,
  email: user.email,
  display_name: user.displayName,
  timezone: user.timezone,
  default_travel_mode: user.defaultTravelMode,
  default_parking_buffer: user.defaultParkingBuffer,
  default_walk_buffer: user.defaultWalkBuffer,
  preferred_departure: user.preferredDeparture,
  pre_alert_minutes: user.preAlertMinutes,
  alert_profile: user.alertProfile,
  theme: user.theme,
  sound_enabled: user.soundEnabled,
  haptic_enabled: user.hapticEnabled,
  quiet_hours_start: user.quietHoursStart,
  quiet_hours_end: user.quietHoursEnd,
  onboarding_completed: user.onboardingCompleted,
  home_location:
    user.homeLocation === null
      ? null
      : {
          name: user.homeLocation.name,
          address: user.homeLocation.address,
          lat: user.homeLocation.lat,
          lng: user.homeLocation.lng,
        },
  deactivated_at: user.deactivatedAt?.toISOString() ?? null,
  created_at: user.createdAt.toISOString(),
  livemode: user.livemode,
})

/** The User endpoints, in the order of the OpenAPI document (assembled in endpoints.ts). */
export const UserEndpoints = {
  createUser: {
    operationId: 'createUser',
    permission: { resource: 'users', access: 'write' },
    method: 'POST',
    path: '/v1/users',
    summary: 'Create a managed user (idempotent on e-mail)',
    description:
      'Creates a managed user of the account on this surface, with its preferences (travel mode, buffers, alerts) defaulted where absent. Idempotent on e-mail: an e-mail the account already has (case-insensitively) answers 200 with that user, unchanged.',
    tag: 'Users',
    body: CreateUserRequest,
    response: UserResource,
    successStatus: 201,
    existingStatus: { status: 200, description: 'A user with this e-mail already existed: it is answered unchanged.' },
  },
  listUsers: {
    operationId: 'listUsers',
    permission: { resource: 'users', access: 'read' },
    method: 'GET',
    path: '/v1/users',
    summary: 'List users, newest first',
    description:
      "Lists the account's users on this surface in the list envelope, newest first, optionally filtered by exact `email`. Pages with `limit` (1 to 100, default 10) and `starting_after` or `ending_before`.",
    tag: 'Users',
    query: ListUsersQuery,
    response: listEnvelope(UserResource),
  },
  retrieveUser: {
    operationId: 'retrieveUser',
    permission: { resource: 'users', access: 'read' },
    method: 'GET',
    path: '/v1/users/{id}',
    summary: 'Retrieve a user',
    description:
      'Returns one user with its preferences and state. A user of another account or surface, or a deleted one, is 404.',
    tag: 'Users',
    response: UserResource,
  },
  updateUser: {
    operationId: 'updateUser',
    errors: ['account_deactivated', 'concurrent_modification'],
    permission: { resource: 'users', access: 'write' },
    method: 'PATCH',
    path: '/v1/users/{id}',
    summary: 'Update a user',
    description:
      'Changes the given fields and keeps the others; a change of travel preferences applies to the departure windows computed afterwards. A paused user cannot be updated (403 `account_deactivated`).',
    tag: 'Users',
    body: UpdateUserRequest,
    response: UserResource,
  },
  deactivateUser: {
    operationId: 'deactivateUser',
    errors: ['invalid_state_transition', 'concurrent_modification'],
    permission: { resource: 'users', access: 'write' },
    method: 'POST',
    path: '/v1/users/{id}/deactivate',
    summary: 'Pause a user',
    description:
      'Pauses a user: `deactivated_at` is set, `user.deactivated` is sent, and updates and user-scoped calls of other resources answer 403 `account_deactivated` until it is reactivated. Pausing again is a no-op.',
    tag: 'Users',
    body: NoBody,
    response: UserResource,
  },
  reactivateUser: {
    operationId: 'reactivateUser',
    errors: ['invalid_state_transition', 'concurrent_modification'],
    permission: { resource: 'users', access: 'write' },
    method: 'POST',
    path: '/v1/users/{id}/reactivate',
    summary: 'Restore a paused user',
    description:
      'Restores a paused user: `deactivated_at` is cleared, `user.reactivated` is sent and every call works again. Reactivating an active user is a no-op.',
    tag: 'Users',
    body: NoBody,
    response: UserResource,
  },
  deleteUser: {
    operationId: 'deleteUser',
    errors: ['concurrent_modification'],
    permission: { resource: 'users', access: 'write' },
    method: 'DELETE',
    path: '/v1/users/{id}',
    summary: 'Delete a user and everything it owns (irreversible)',
    description:
      'Deletes the user and everything it owns (events, reminders, connections, devices, provider tokens) and sends `user.deleted`. Irreversible: the answer is the user as it was, with `deleted: true`, and later calls are 404.',
    tag: 'Users',
    response: deleted(UserResource),
  },
} as const satisfies Record<string, EndpointContract>
