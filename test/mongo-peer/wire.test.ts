// The wire protocol below the driver: legacy OP_QUERY handshake, OP_MSG document sequences (kind 1 sections),
// moreToCome, and framing of messages split or coalesced across TCP chunks.
import net from 'node:net'
import { BSON, type Document } from 'bson'
import { describe, expect, it } from 'vitest'
import { MessageFramer, OP_MSG, OP_QUERY, OP_REPLY, readHeader } from '../support/mongo-peer/wire.js'
import { usePeer } from './fixture.js'

const mongo = usePeer()

function header(length: number, requestId: number, opCode: number): Buffer {
  const buffer = Buffer.alloc(16)
  buffer.writeInt32LE(length, 0)
  buffer.writeInt32LE(requestId, 4)
  buffer.writeInt32LE(0, 8)
  buffer.writeInt32LE(opCode, 12)
  return buffer
}

function opQuery(requestId: number, namespace: string, query: Document): Buffer {
  const fields = Buffer.concat([
    Buffer.alloc(4),
    Buffer.from(`${namespace}\0`),
    Buffer.from([0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff]),
  ])
  const body = Buffer.from(BSON.serialize(query))
  return Buffer.concat([header(16 + fields.length + body.length, requestId, OP_QUERY), fields, body])
}

function opMsg(requestId: number, body: Document, sequences: Array<[string, Document[]]> = [], flags = 0): Buffer {
  const flagBits = Buffer.alloc(4)
  flagBits.writeUInt32LE(flags, 0)
  const parts: Buffer[] = [flagBits, Buffer.from([0]), Buffer.from(BSON.serialize(body))]
  for (const [identifier, documents] of sequences) {
    const payload = Buffer.concat([
      Buffer.from(`${identifier}\0`),
      ...documents.map((document) => Buffer.from(BSON.serialize(document))),
    ])
    const size = Buffer.alloc(4)
    size.writeInt32LE(4 + payload.length, 0)
    parts.push(Buffer.from([1]), size, payload)
  }
  const rest = Buffer.concat(parts)
  return Buffer.concat([header(16 + rest.length, requestId, OP_MSG), rest])
}

/** A raw connection that collects whole reply messages. */
async function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1')
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject))
  const framer = new MessageFramer()
  const replies: Buffer[] = []
  const waiters: Array<() => void> = []
  socket.on('data', (chunk: Buffer) => {
    replies.push(...framer.push(chunk))
    for (const wake of waiters.splice(0)) wake()
  })
  return {
    socket,
    async next(): Promise<Buffer> {
      while (replies.length === 0) await new Promise<void>((resolve) => waiters.push(resolve))
      return replies.shift()!
    },
    pending: () => replies.length,
    close: () => socket.destroy(),
  }
}

function opMsgBody(reply: Buffer): Document {
  expect(readHeader(reply).opCode).toBe(OP_MSG)
  expect(reply.readUInt8(20)).toBe(0)
  return BSON.deserialize(reply.subarray(21))
}

describe('the legacy handshake', () => {
  it('answers OP_QUERY isMaster on admin.$cmd with an OP_REPLY naming the replica set', async () => {
    const connection = await connect(mongo.peer.port)
    try {
      connection.socket.write(opQuery(7, 'admin.$cmd', { isMaster: 1, helloOk: true }))
      const reply = await connection.next()
      const replyHeader = readHeader(reply)
      expect(replyHeader).toMatchObject({ opCode: OP_REPLY, responseTo: 7 })
      expect(reply.readInt32LE(32)).toBe(1) // numberReturned
      const document = BSON.deserialize(reply.subarray(36))
      expect(document).toMatchObject({ ismaster: true, helloOk: true, setName: 'rs0', ok: 1 })
    } finally {
      connection.close()
    }
  })
})

describe('OP_MSG', () => {
  it('merges kind 1 document sequences into the command', async () => {
    const connection = await connect(mongo.peer.port)
    try {
      connection.socket.write(
        opMsg(1, { insert: 'seq', $db: 'wire' }, [['documents', [{ _id: 1 }, { _id: 2 }, { _id: 3 }]]]),
      )
      expect(opMsgBody(await connection.next())).toEqual({ n: 3, ok: 1 })
      connection.socket.write(opMsg(2, { count: 'seq', $db: 'wire' }))
      expect(opMsgBody(await connection.next())).toEqual({ n: 3, ok: 1 })
    } finally {
      connection.close()
    }
  })

  it('sends no reply to a moreToCome (unacknowledged) message, but applies it', async () => {
    const connection = await connect(mongo.peer.port)
    try {
      connection.socket.write(opMsg(1, { insert: 'quiet', documents: [{ _id: 1 }], $db: 'wire' }, [], 1 << 1))
      connection.socket.write(opMsg(2, { count: 'quiet', $db: 'wire' }))
      const reply = await connection.next()
      expect(readHeader(reply).responseTo).toBe(2)
      expect(opMsgBody(reply)).toEqual({ n: 1, ok: 1 })
    } finally {
      connection.close()
    }
  })

  it('handles messages split across chunks and several messages in one chunk', async () => {
    const connection = await connect(mongo.peer.port)
    try {
      const both = Buffer.concat([opMsg(1, { ping: 1, $db: 'admin' }), opMsg(2, { ping: 1, $db: 'admin' })])
      connection.socket.write(both.subarray(0, 10))
      await new Promise((resolve) => setImmediate(resolve))
      connection.socket.write(both.subarray(10))
      expect(readHeader(await connection.next()).responseTo).toBe(1)
      expect(readHeader(await connection.next()).responseTo).toBe(2)
    } finally {
      connection.close()
    }
  })
})

describe('MessageFramer', () => {
  it('yields nothing until a message is complete, then each message whole', () => {
    const framer = new MessageFramer()
    const first = opMsg(1, { ping: 1 })
    const second = opMsg(2, { hello: 1 })
    expect(framer.push(first.subarray(0, 3))).toEqual([])
    expect(framer.push(first.subarray(3, first.length - 1))).toEqual([])
    const messages = framer.push(Buffer.concat([first.subarray(first.length - 1), second]))
    expect(messages.map((message) => readHeader(message).requestId)).toEqual([1, 2])
  })
})
