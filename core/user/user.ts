import type { Place } from '../shared/place.js'

/** Domain shape of a managed end-user. The wire shape (snake_case) lives in contracts/. */
export const TRAVEL_MODES = ['drive', 'walk', 'transit'] as const
export type TravelMode = (typeof TRAVEL_MODES)[number]

export const PREFERRED_DEPARTURES = ['on_time', '5_min_early', '10_min_early'] as const
export type PreferredDeparture = (typeof PREFERRED_DEPARTURES)[number]

export const ALERT_PROFILES = ['minimal', 'balanced', 'detailed', 'quiet'] as const
export type AlertProfile = (typeof ALERT_PROFILES)[number]

export const THEMES = ['system', 'light', 'dark'] as const
export type Theme = (typeof THEMES)[number]

/** The user's default trip origin (the origin rule's last resort), resolved to coordinates. */
export type HomeLocation = Place

export interface UserPreferences {
  readonly displayName: string | null
  readonly timezone: string
  readonly defaultTravelMode: TravelMode
  readonly defaultParkingBuffer: number
  readonly defaultWalkBuffer: number
  readonly preferredDeparture: PreferredDeparture
  readonly preAlertMinutes: number
  readonly alertProfile: AlertProfile
  readonly theme: Theme
  readonly soundEnabled: boolean
  readonly hapticEnabled: boolean
  readonly quietHoursStart: string | null
  readonly quietHoursEnd: string | null
  readonly onboardingCompleted: boolean
  readonly homeLocation: HomeLocation | null
}

export interface User extends UserPreferences {
  readonly id: string
  readonly accountId: string
  readonly livemode: boolean
  readonly email: string
  readonly deactivatedAt: Date | null
  readonly createdAt: Date
  /** Optimistic-concurrency version: bumped on every write. */
  readonly version: number
}

/** Defaults of the User resource (docs/users.md). */
export const DEFAULT_PREFERENCES: UserPreferences = {
  displayName: null,
  timezone: 'UTC',
  defaultTravelMode: 'drive',
  defaultParkingBuffer: 5,
  defaultWalkBuffer: 3,
  preferredDeparture: 'on_time',
  preAlertMinutes: 10,
  alertProfile: 'balanced',
  theme: 'system',
  soundEnabled: true,
  hapticEnabled: true,
  quietHoursStart: null,
  quietHoursEnd: null,
  onboardingCompleted: false,
  homeLocation: null,
}

/** E-mail addresses are compared case-insensitively: `Ada@Example.com` is `ada@example.com`. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase()
