import type { Clock } from '../../../core/ports/clock.js'

export class SystemClock implements Clock {
  now(): Date {
    return new Date()
  }
}

/** A clock that runs `offsetMs` ahead of another (a sandbox account's clock after advance_time). */
export class OffsetClock implements Clock {
  constructor(
    private readonly base: Clock,
    private readonly offsetMs: number,
  ) {}

  now(): Date {
    return new Date(this.base.now().getTime() + this.offsetMs)
  }
}
