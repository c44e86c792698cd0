// MongoDB wire protocol framing: split a TCP byte stream into messages, decode the two request opcodes the
// driver sends (legacy OP_QUERY for the first handshake, OP_MSG for everything else) and encode the replies.
// Reference: https://www.mongodb.com/docs/manual/reference/mongodb-wire-protocol/
import { BSON, type Document, Long } from 'bson'

export const OP_REPLY = 1
export const OP_QUERY = 2004
export const OP_COMPRESSED = 2012
export const OP_MSG = 2013

const HEADER_LENGTH = 16
const MSG_FLAG_CHECKSUM_PRESENT = 1 << 0
const MSG_FLAG_MORE_TO_COME = 1 << 1

// Long (not number) for int64 fields, so that cursor ids, txnNumbers and client Longs keep their type.
const DESERIALIZE_OPTIONS = { promoteLongs: false, promoteValues: true, promoteBuffers: false } as const

export interface MessageHeader {
  readonly length: number
  readonly requestId: number
  readonly responseTo: number
  readonly opCode: number
}

/** A command as the dispatcher sees it, whatever opcode carried it. */
export interface CommandRequest {
  readonly header: MessageHeader
  readonly opCode: typeof OP_QUERY | typeof OP_MSG
  readonly database: string
  /** The command document with OP_MSG document sequences (kind 1 sections) merged in under their identifiers. */
  readonly body: Document
  /** OP_MSG moreToCome from the client: an unacknowledged write, which gets no reply at all. */
  readonly expectsReply: boolean
}

export class WireProtocolError extends Error {}

/** Accumulates socket chunks and yields whole messages (header included). */
export class MessageFramer {
  #pending: Buffer = Buffer.alloc(0)

  push(chunk: Buffer): Buffer[] {
    this.#pending = this.#pending.length === 0 ? chunk : Buffer.concat([this.#pending, chunk])
    const messages: Buffer[] = []
    while (this.#pending.length >= 4) {
      const length = this.#pending.readInt32LE(0)
      if (length < HEADER_LENGTH) throw new WireProtocolError(`invalid message length ${length}`)
      if (this.#pending.length < length) break
      messages.push(this.#pending.subarray(0, length))
      this.#pending = this.#pending.subarray(length)
    }
    return messages
  }
}

export function readHeader(message: Buffer): MessageHeader {
  return {
    length: message.readInt32LE(0),
    requestId: message.readInt32LE(4),
    responseTo: message.readInt32LE(8),
    opCode: message.readInt32LE(12),
  }
}

export function decodeRequest(message: Buffer): CommandRequest {
  const header = readHeader(message)
  if (header.opCode === OP_MSG) return decodeOpMsg(header, message)
  if (header.opCode === OP_QUERY) return decodeOpQuery(header, message)
  if (header.opCode === OP_COMPRESSED) {
    throw new WireProtocolError('OP_COMPRESSED is not supported: the peer advertises no compressors')
  }
  throw new WireProtocolError(`unsupported opCode ${header.opCode}`)
}

function bsonLength(buffer: Buffer, offset: number): number {
  return buffer.readInt32LE(offset)
}

function decodeOpMsg(header: MessageHeader, message: Buffer): CommandRequest {
  const flags = message.readUInt32LE(HEADER_LENGTH)
  const end = flags & MSG_FLAG_CHECKSUM_PRESENT ? message.length - 4 : message.length
  let offset = HEADER_LENGTH + 4
  let body: Document | undefined
  const sequences: Array<[string, Document[]]> = []
  while (offset < end) {
    const kind = message.readUInt8(offset)
    offset += 1
    if (kind === 0) {
      const size = bsonLength(message, offset)
      body = BSON.deserialize(message.subarray(offset, offset + size), DESERIALIZE_OPTIONS)
      offset += size
    } else if (kind === 1) {
      const sectionSize = message.readInt32LE(offset)
      const sectionEnd = offset + sectionSize
      let cursor = offset + 4
      const nameEnd = message.indexOf(0, cursor)
      const identifier = message.toString('utf8', cursor, nameEnd)
      cursor = nameEnd + 1
      const documents: Document[] = []
      while (cursor < sectionEnd) {
        const size = bsonLength(message, cursor)
        documents.push(BSON.deserialize(message.subarray(cursor, cursor + size), DESERIALIZE_OPTIONS))
        cursor += size
      }
      sequences.push([identifier, documents])
      offset = sectionEnd
    } else {
      throw new WireProtocolError(`unknown OP_MSG section kind ${kind}`)
    }
  }
  if (body === undefined) throw new WireProtocolError('OP_MSG without a body section')
  for (const [identifier, documents] of sequences) {
    const existing = body[identifier]
    body[identifier] = Array.isArray(existing) ? [...existing, ...documents] : documents
  }
  const database = typeof body.$db === 'string' ? body.$db : 'admin'
  return { header, opCode: OP_MSG, database, body, expectsReply: (flags & MSG_FLAG_MORE_TO_COME) === 0 }
}

function decodeOpQuery(header: MessageHeader, message: Buffer): CommandRequest {
  let offset = HEADER_LENGTH + 4 // flags
  const nameEnd = message.indexOf(0, offset)
  const fullCollectionName = message.toString('utf8', offset, nameEnd)
  offset = nameEnd + 1 + 8 // numberToSkip, numberToReturn
  const size = bsonLength(message, offset)
  let body = BSON.deserialize(message.subarray(offset, offset + size), DESERIALIZE_OPTIONS)
  // A command wrapped for a read preference: { $query: {...}, $readPreference: {...} }.
  if (body.$query !== undefined && typeof body.$query === 'object') body = body.$query as Document
  const [database, collection] = splitNamespace(fullCollectionName)
  if (collection !== '$cmd') throw new WireProtocolError(`legacy OP_QUERY on ${fullCollectionName} is not supported`)
  return { header, opCode: OP_QUERY, database, body, expectsReply: true }
}

function splitNamespace(namespace: string): [string, string] {
  const dot = namespace.indexOf('.')
  return dot === -1 ? [namespace, ''] : [namespace.slice(0, dot), namespace.slice(dot + 1)]
}

let nextRequestId = 1

function header(length: number, responseTo: number, opCode: number): Buffer {
  const buffer = Buffer.alloc(HEADER_LENGTH)
  buffer.writeInt32LE(length, 0)
  buffer.writeInt32LE(nextRequestId++ & 0x7fffffff, 4)
  buffer.writeInt32LE(responseTo, 8)
  buffer.writeInt32LE(opCode, 12)
  return buffer
}

function serialize(document: Document): Buffer {
  return Buffer.from(BSON.serialize(document, { checkKeys: false, ignoreUndefined: true }))
}

/** The reply to a request, in the opcode family the request used. */
export function encodeReply(request: CommandRequest, reply: Document): Buffer {
  const document = serialize(reply)
  if (request.opCode === OP_MSG) {
    const flags = Buffer.alloc(5) // flagBits uint32 = 0, then section kind 0
    const length = HEADER_LENGTH + flags.length + document.length
    return Buffer.concat([header(length, request.header.requestId, OP_MSG), flags, document])
  }
  const replyFields = Buffer.alloc(20)
  replyFields.writeInt32LE(0, 0) // responseFlags
  const cursorId = Long.ZERO
  replyFields.writeInt32LE(cursorId.low, 4)
  replyFields.writeInt32LE(cursorId.high, 8)
  replyFields.writeInt32LE(0, 12) // startingFrom
  replyFields.writeInt32LE(1, 16) // numberReturned
  const length = HEADER_LENGTH + replyFields.length + document.length
  return Buffer.concat([header(length, request.header.requestId, OP_REPLY), replyFields, document])
}
