/**
 * At most `callsPerMinute` calls to one provider in each calendar minute (a fixed window): the quota a provider
 * contract allows, or the share of it one host may use. A call the budget refuses is not made; the caller falls
 * back to a weaker source instead of spending money or being throttled.
 */
export class CallBudget {
  private windowStartMs = Number.NEGATIVE_INFINITY
  private used = 0

  constructor(
    readonly callsPerMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one call from this minute's budget; false when it is spent. */
  tryTake(): boolean {
    const windowStartMs = Math.floor(this.now() / 60_000) * 60_000
    if (windowStartMs !== this.windowStartMs) {
      this.windowStartMs = windowStartMs
      this.used = 0
    }
    if (this.used >= this.callsPerMinute) return false
    this.used += 1
    return true
  }
}
