import { describe, expect, it } from 'vitest'
import { usePeer } from './fixture.js'

const mongo = usePeer()

describe('collections', () => {
  it('createCollection, listCollections and drop', async () => {
    const db = mongo.freshDb()
    await db.createCollection('explicit')
    await db.collection('implicit').insertOne({ a: 1 })
    const names = (await db.listCollections().toArray()).map((info) => info.name).sort()
    expect(names).toEqual(['explicit', 'implicit'])
    expect(await db.listCollections({ name: 'explicit' }, { nameOnly: true }).toArray()).toEqual([
      { name: 'explicit', type: 'collection' },
    ])
    await expect(db.createCollection('explicit')).rejects.toMatchObject({ code: 48, codeName: 'NamespaceExists' })
    expect(await db.collection('implicit').drop()).toBe(true)
    expect((await db.listCollections().toArray()).map((info) => info.name)).toEqual(['explicit'])
  })

  it('drop removes the documents and indexes', async () => {
    const db = mongo.freshDb()
    const collection = db.collection('gone')
    await collection.createIndex({ k: 1 }, { unique: true })
    await collection.insertOne({ k: 1 })
    await collection.drop()
    await collection.insertOne({ k: 1 })
    await collection.insertOne({ k: 1 }) // the unique index went with the collection
    expect(await collection.countDocuments()).toBe(2)
  })

  it('dropDatabase removes every collection of that database only', async () => {
    const doomed = mongo.freshDb()
    const kept = mongo.freshDb()
    await doomed.collection('a').insertOne({})
    await kept.collection('b').insertOne({})
    await doomed.dropDatabase()
    expect(await doomed.listCollections().toArray()).toEqual([])
    expect(await kept.collection('b').countDocuments()).toBe(1)
  })

  it('listDatabases names the databases that hold collections', async () => {
    const db = mongo.freshDb()
    await db.collection('x').insertOne({})
    const { databases } = await mongo.client.db('admin').admin().listDatabases({ nameOnly: true })
    expect(databases.map((entry) => entry.name)).toContain(db.databaseName)
  })
})
