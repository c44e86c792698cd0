// Agenda 6 with @agendajs/mongo-backend on the peer: the commands its repository sends (createIndex, upserting
// findOneAndUpdate with $setOnInsert, the locking findOneAndUpdate with sort, updateOne/updateMany with $unset)
// must behave as on a real server for a job to be stored, locked, run and rescheduled.
import { MongoBackend } from '@agendajs/mongo-backend'
import { Agenda, type Job } from 'agenda'
import { MongoClient } from 'mongodb'
import { afterEach, describe, expect, it } from 'vitest'
import { usePeer } from './fixture.js'

const mongo = usePeer()
const running: Agenda[] = []

afterEach(async () => {
  for (const agenda of running.splice(0)) await agenda.stop()
})

function startedAgenda(databaseName: string): Agenda {
  const agenda = new Agenda({
    backend: new MongoBackend({ mongo: mongo.client.db(databaseName) }),
    processEvery: 50,
  })
  running.push(agenda)
  return agenda
}

function nextCompletion(agenda: Agenda, name: string): Promise<Job> {
  return new Promise((resolve, reject) => {
    agenda.on(`complete:${name}`, (job: Job) => resolve(job))
    agenda.on(`fail:${name}`, (error: Error) => reject(error))
  })
}

describe('Agenda 6 on the MongoDB test peer', () => {
  it('starts, creates its index, and runs a job scheduled with now()', async () => {
    const agenda = startedAgenda('agenda_now')
    const received: unknown[] = []
    agenda.define('send report', async (job: Job) => {
      received.push(job.attrs.data)
    })
    await agenda.start()
    const completed = nextCompletion(agenda, 'send report')
    await agenda.now('send report', { to: 'ops@example.com' })
    const job = await completed
    expect(received).toEqual([{ to: 'ops@example.com' }])
    expect(job.attrs.lastFinishedAt).toBeInstanceOf(Date)

    const jobs = mongo.client.db('agenda_now').collection('agendaJobs')
    const stored = await jobs.findOne({ name: 'send report' })
    expect(stored).toMatchObject({ name: 'send report', data: { to: 'ops@example.com' } })
    expect(stored?.lastFinishedAt).toBeInstanceOf(Date)
    const indexes = await jobs.listIndexes().toArray()
    expect(indexes.map((index) => index.name)).toContain('findAndLockNextJobIndex')
  })

  it('stores a repeating job once with every(), runs it, and schedules its next run', async () => {
    const agenda = startedAgenda('agenda_every')
    let runs = 0
    agenda.define('tick', async () => {
      runs += 1
    })
    await agenda.start()
    const completed = nextCompletion(agenda, 'tick')
    await agenda.every('1 hour', 'tick')
    await agenda.every('1 hour', 'tick') // type 'single': upserted, not duplicated
    await completed
    expect(runs).toBeGreaterThanOrEqual(1)

    const jobs = await mongo.client.db('agenda_every').collection('agendaJobs').find({ name: 'tick' }).toArray()
    expect(jobs).toHaveLength(1)
    expect(jobs[0]).toMatchObject({ type: 'single', repeatInterval: '1 hour' })
    await expect
      .poll(async () => {
        const job = await mongo.client.db('agenda_every').collection('agendaJobs').findOne({ name: 'tick' })
        return job?.nextRunAt instanceof Date && job.nextRunAt.getTime() > Date.now() + 30 * 60_000
      })
      .toBe(true)
  })

  it('connects through its own connection string as well', async () => {
    const url = new URL(mongo.peer.uri)
    url.pathname = '/agenda_address'
    const agenda = new Agenda({ backend: new MongoBackend({ address: url.toString() }), processEvery: 50 })
    running.push(agenda)
    agenda.define('hello', async () => {})
    await agenda.start()
    const completed = nextCompletion(agenda, 'hello')
    await agenda.now('hello')
    await completed
    const client = await MongoClient.connect(mongo.peer.uri)
    try {
      expect(await client.db('agenda_address').collection('agendaJobs').countDocuments({ name: 'hello' })).toBe(1)
    } finally {
      await client.close()
    }
  })
})
