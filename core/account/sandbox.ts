import type { Clock } from '../ports/clock.js'
import type { UserService } from '../user/user-service.js'

/** Synthetic users every account finds in its sandbox. Creation is idempotent on e-mail, so seeding can run at every start. */
export const SANDBOX_USERS = [
  {
    email: 'ada.lovelace@sandbox.example',
    displayName: 'Ada Lovelace',
    timezone: 'Europe/London',
    defaultTravelMode: 'drive',
  },
  {
    email: 'grace.hopper@sandbox.example',
    displayName: 'Grace Hopper',
    timezone: 'America/New_York',
    defaultTravelMode: 'transit',
  },
  {
    email: 'katherine.johnson@sandbox.example',
    displayName: 'Katherine Johnson',
    timezone: 'America/Los_Angeles',
    defaultTravelMode: 'walk',
  },
] as const

export const seedSandbox = async (users: UserService, accountId: string, clock: Clock): Promise<void> => {
  for (const seed of SANDBOX_USERS) {
    await users.create(
      { accountId, livemode: false, clock },
      {
        email: seed.email,
        displayName: seed.displayName,
        timezone: seed.timezone,
        defaultTravelMode: seed.defaultTravelMode,
        onboardingCompleted: true,
      },
    )
  }
}
