/** One item's place in the index: its insertion order, its due time (NaN: none) and the stamp of its current entry. */
interface Slot {
  readonly id: string
  readonly order: number
  at: number
  stamp: number
}

/** A due time in the heap; it stands only while its slot is the item's current one and it is the slot's last entry. */
interface Entry {
  readonly at: number
  readonly stamp: number
  readonly slot: Slot
}

const before = (a: Entry, b: Entry): boolean => a.at < b.at || (a.at === b.at && a.slot.order < b.slot.order)

/**
 * The due times of a memory repository's items, earliest first, so that a due query reads the items that are due
 * instead of scanning every item (the monitoring sweep asks several times a second; a million events are a million
 * comparisons each time). A binary heap ordered by due time, then by the order in which the items were first stored
 * (the order of the repository's `Map`, which the scan answered ties in). A changed due time adds an entry and leaves
 * the old one in the heap, dropped when it comes to the top or when the heap holds twice as many entries as items.
 * Its measurement: docs/performance.md, "Hot-path techniques".
 */
export class DueIndex {
  private readonly slots = new Map<string, Slot>()
  private heap: Entry[] = []
  private nextOrder = 0

  /** Records the item's due time (null: none); the first call for an id (since its removal) fixes its order. */
  set(id: string, at: Date | null): void {
    let slot = this.slots.get(id)
    if (slot === undefined) {
      slot = { id, order: this.nextOrder++, at: Number.NaN, stamp: 0 }
      this.slots.set(id, slot)
    }
    const ms = at === null ? Number.NaN : at.getTime()
    if (ms === slot.at || (Number.isNaN(ms) && Number.isNaN(slot.at))) return
    slot.at = ms
    slot.stamp++
    if (!Number.isNaN(ms)) this.push({ at: ms, stamp: slot.stamp, slot })
    if (this.heap.length > 2 * this.slots.size + 1_024) this.compact()
  }

  delete(id: string): void {
    this.slots.delete(id)
  }

  /**
   * The ids due at `now` (a due time at or before it) that `accept` takes, earliest first (ties in the order the
   * items were first stored), at most `limit` (a positive number).
   */
  due(now: number, accept: (id: string) => boolean, limit: number): string[] {
    const taken: Entry[] = []
    const found: string[] = []
    while (found.length < limit) {
      const top = this.heap[0]
      if (top === undefined || top.at > now) break
      this.pop()
      if (!this.current(top)) continue
      taken.push(top)
      if (accept(top.slot.id)) found.push(top.slot.id)
    }
    for (const entry of taken) this.push(entry)
    return found
  }

  /** Entries in the heap (current and stale), for tests of the bound. */
  get entries(): number {
    return this.heap.length
  }

  private current(entry: Entry): boolean {
    return this.slots.get(entry.slot.id) === entry.slot && entry.slot.stamp === entry.stamp
  }

  private compact(): void {
    const current = this.heap.filter((entry) => this.current(entry))
    this.heap = []
    for (const entry of current) this.push(entry)
  }

  private push(entry: Entry): void {
    const heap = this.heap
    let index = heap.length
    heap.push(entry)
    while (index > 0) {
      const parent = (index - 1) >> 1
      const above = heap[parent] as Entry
      if (!before(entry, above)) break
      heap[index] = above
      index = parent
    }
    heap[index] = entry
  }

  private pop(): void {
    const heap = this.heap
    const last = heap.pop()
    if (last === undefined || heap.length === 0) return
    let index = 0
    for (;;) {
      const left = 2 * index + 1
      if (left >= heap.length) break
      const right = left + 1
      const child = right < heap.length && before(heap[right] as Entry, heap[left] as Entry) ? right : left
      if (!before(heap[child] as Entry, last)) break
      heap[index] = heap[child] as Entry
      index = child
    }
    heap[index] = last
  }
}
