/**
 * A domain record as stored: its key field (`id` unless named) becomes the
 * document's `_id`, every other field keeps its name and type. A collection that
 * stores a field differently (absent rather than null, for a partial index) says
 * so by omitting it here and declaring its own.
 */
export type MongoDocument<T, K extends keyof T = 'id' & keyof T> = Omit<T, K> & { readonly _id: T[K] }
