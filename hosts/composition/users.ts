import { ContainerModule } from 'inversify'
import { EmbeddedIdentityProvider } from '../../adapters/identity/embedded/identity-provider.js'
import { UserDeletionCascade } from '../../core/user/deletion-cascade.js'
import { UserService } from '../../core/user/user-service.js'
import { TOKENS } from '../di-tokens.js'

/** Users, their identities, and the cascade that deleting one runs (its steps: `hosts/composition/surface-wiring.ts`). */
export const usersModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.IdentityProvider).toResolvedValue(() => new EmbeddedIdentityProvider())
  bind(TOKENS.UserDeletionCascade).toResolvedValue(() => new UserDeletionCascade())
  bind(TOKENS.UserService).toResolvedValue(
    (users, ids, identity, cascade, geocoding) => new UserService({ users, ids, identity, cascade, geocoding }),
    [TOKENS.UserRepository, TOKENS.IdGenerator, TOKENS.IdentityProvider, TOKENS.UserDeletionCascade, TOKENS.Geocoding],
  )
})
