import {
  type AccessLevel,
  type KeyType,
  PERMISSION_RESOURCES,
  type Permissions,
  permissionName,
  permits,
  type RequiredPermission,
} from '../account/permissions.js'
import type { MemberRole } from './member.js'

/**
 * What a dashboard action needs: the permission its API endpoint declares (`contracts/endpoints.ts`), checked with
 * the same `permits` as a key's; or one of the two things the API has no endpoint for: `manage_members` (owners and
 * admins) and `manage_settings`, the account's settings (owners, admins and developers: everything but members and
 * production's secrets, as the roles say).
 */
export type DashboardRequirement = RequiredPermission | 'manage_members' | 'manage_settings'

/** A role's grants on one surface, in the vocabulary of keys: a secret key's (everything) or a restricted key's. */
export interface RoleGrant {
  readonly type: KeyType
  readonly permissions: Permissions | null
}

const every = (level: AccessLevel): Permissions =>
  Object.fromEntries(PERMISSION_RESOURCES.map((resource) => [resource, level]))

const SECRET: RoleGrant = { type: 'secret', permissions: null }
const WRITE_ALL: RoleGrant = { type: 'restricted', permissions: every('write') }
const READ_ALL: RoleGrant = { type: 'restricted', permissions: every('read') }

/**
 * owner and admin: everything, as a secret key. developer: everything on the sandbox; on production every family
 * but never what needs a secret key (managing production keys, which shows or rolls their secrets). viewer: read
 * access to every family on both surfaces, never a secret (listing keys needs a secret key, so not that either).
 */
export const roleGrant = (role: MemberRole, livemode: boolean): RoleGrant => {
  switch (role) {
    case 'owner':
    case 'admin':
      return SECRET
    case 'developer':
      return livemode ? WRITE_ALL : SECRET
    case 'viewer':
      return READ_ALL
  }
}

/** Whether a member of this role may do what `required` names on this surface. */
export const roleAllows = (role: MemberRole, livemode: boolean, required: DashboardRequirement): boolean => {
  if (required === 'manage_members') return role === 'owner' || role === 'admin'
  if (required === 'manage_settings') return role !== 'viewer'
  const grant = roleGrant(role, livemode)
  return permits(grant.type, grant.permissions, required)
}

/** The name a refusal carries (`webhook_endpoints:write`, `secret_key`, `manage_members`). */
export const requirementName = (required: DashboardRequirement): string =>
  required === 'manage_members' || required === 'manage_settings' ? required : permissionName(required)
