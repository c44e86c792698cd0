/**
 * What a restricted key (`rk_`) may do: per resource family, `none`, `read` or
 * `write` (write implies read). Secret keys (`sk_`) may do everything. Every
 * endpoint declares the permission it needs in its contract (`docs/keys.md`).
 */
export const PERMISSION_RESOURCES = [
  'users',
  'events',
  'departure',
  'connections',
  'invitations',
  'reminders',
  'devices',
  'webhook_endpoints',
  'voice',
  'scheduling',
  'tracking',
  'connected_accounts',
  'test_helpers',
] as const
export type PermissionResource = (typeof PERMISSION_RESOURCES)[number]

export const ACCESS_LEVELS = ['none', 'read', 'write'] as const
export type AccessLevel = (typeof ACCESS_LEVELS)[number]

/** A restricted key's grants; a family not named is `none`. */
export type Permissions = Readonly<Partial<Record<PermissionResource, AccessLevel>>>

/**
 * What an endpoint needs: read or write access to one family; `any_key` for the
 * endpoints every key may call (the health check); `secret_key` for what only a
 * secret key may do (managing keys: a restricted key can never create or widen one).
 */
export type RequiredPermission =
  | { readonly resource: PermissionResource; readonly access: 'read' | 'write' }
  | 'any_key'
  | 'secret_key'

export const KEY_TYPES = ['secret', 'restricted'] as const
export type KeyType = (typeof KEY_TYPES)[number]

const RANK: Record<AccessLevel, number> = { none: 0, read: 1, write: 2 }

/** Whether a key of this type and these grants may call an endpoint needing `required`. */
export const permits = (type: KeyType, permissions: Permissions | null, required: RequiredPermission): boolean => {
  if (type === 'secret' || required === 'any_key') return true
  if (required === 'secret_key') return false
  return RANK[permissions?.[required.resource] ?? 'none'] >= RANK[required.access]
}

/** `events:write`, or `secret_key`: the name a refusal and `docs/keys.md` use. */
export const permissionName = (required: RequiredPermission): string =>
  typeof required === 'string' ? required : `${required.resource}:${required.access}`

/** Whether `wider` grants everything `narrower` does (rolling a key never widens it). */
export const covers = (wider: Permissions, narrower: Permissions): boolean =>
  PERMISSION_RESOURCES.every((resource) => RANK[wider[resource] ?? 'none'] >= RANK[narrower[resource] ?? 'none'])

/** The grants with `none` left out, in the families' order: the stored and rendered form. */
export const normalizePermissions = (permissions: Permissions): Permissions =>
  Object.fromEntries(
    PERMISSION_RESOURCES.flatMap((resource) => {
      const level = permissions[resource] ?? 'none'
      return level === 'none' ? [] : [[resource, level]]
    }),
  )
