import { Data } from 'effect'

/** The user is paused (`deactivated_at` set): calls acting for the user are refused with 403. */
export class AccountDeactivated extends Data.TaggedError('AccountDeactivated')<{ readonly userId: string }> {}
