const ID = /^(usr|evt|rem|dev|we|whd|inv|con|cal)_[0-9a-z]+$/
const KEPT = 64

/** Ids seen in answers, by prefix, newest first: what the generators put in paths and bodies. */
export class IdPool {
  private readonly byPrefix = new Map<string, string[]>()

  get(prefix: string): readonly string[] {
    return this.byPrefix.get(prefix) ?? []
  }

  add(prefix: string, id: string): void {
    const ids = this.byPrefix.get(prefix) ?? []
    const known = ids.indexOf(id)
    if (known >= 0) ids.splice(known, 1)
    ids.unshift(id)
    if (ids.length > KEPT) ids.length = KEPT
    this.byPrefix.set(prefix, ids)
  }

  addAll(ids: Readonly<Record<string, string>>): void {
    for (const [prefix, id] of Object.entries(ids)) this.add(prefix, id)
  }

  /** Collects the ids of an answer (`id`, `user_id`, list items...) and the provider's `external_id`s. */
  harvest(value: unknown, depth = 0): void {
    if (depth > 6 || value === null || typeof value !== 'object') return
    for (const [key, item] of Object.entries(value)) {
      if (typeof item === 'string') {
        const match = ID.exec(item)
        if (match !== null) this.add(match[1]!, item)
        else if (key === 'external_id') this.add('ext', item)
      } else this.harvest(item, depth + 1)
    }
  }
}
