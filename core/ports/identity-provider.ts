/**
 * The identity provider behind end-user sign-in. One identity (an e-mail) may
 * hold accounts on several platforms (our accounts) of the same identity tenant.
 */
export interface IdentityProviderPort {
  /** Records that the identity has an account on `platformId`. */
  link(email: string, platformId: string): Promise<void>
  /** Removes the platform from the identity; returns the platforms it still has. */
  unlink(email: string, platformId: string): Promise<readonly string[]>
  /** Deletes the identity itself at the provider. */
  deleteIdentity(email: string): Promise<void>
}
