/**
 * Keeps calls at least `minIntervalMs` apart (start to start), one after the
 * other, as Nominatim's public usage policy requires.
 */
export class RequestSpacer {
  private queue: Promise<unknown> = Promise.resolve()
  private lastStartMs = Number.NEGATIVE_INFINITY

  constructor(private readonly minIntervalMs: number) {}

  run<T>(call: () => Promise<T>): Promise<T> {
    const turn = this.queue.then(async () => {
      const waitMs = this.lastStartMs + this.minIntervalMs - Date.now()
      if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs))
      this.lastStartMs = Date.now()
      return call()
    })
    this.queue = turn.catch(() => undefined)
    return turn
  }
}
