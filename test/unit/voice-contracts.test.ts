import { describe, expect, it } from 'vitest'
import { decodeRequest } from '../../contracts/validation.js'
import { CLIENT_MESSAGES, voiceMessagesJsonSchema } from '../../contracts/voice.js'

describe('Voice messages are Effect Schemas; a JSON Schema document is generated from them', () => {
  it('has a JSON Schema for each client message type and each service message', () => {
    const document = voiceMessagesJsonSchema()
    expect(Object.keys(document.client).sort()).toEqual(Object.keys(CLIENT_MESSAGES).sort())
    expect(document.server).toHaveLength(10)
    expect(document.server).toContainEqual({ $ref: '#/$defs/VoiceActionProposed' })
    expect(document.client['tool.call']).toEqual({ $ref: '#/$defs/VoiceToolCall' })
    expect(document.$defs.VoiceToolCall).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['type', 'call_id', 'name']),
    })
    expect(Object.keys(document.$defs)).toEqual(expect.arrayContaining(['VoiceSessionReady', 'VoiceError']))
  })

  it('a tool.call names its call id and tool; unknown keys are refused like a request body', () => {
    const call = CLIENT_MESSAGES['tool.call']
    expect(decodeRequest(call, { type: 'tool.call', call_id: 'c1', name: 'get_user', arguments: {} }).ok).toBe(true)
    const extra = decodeRequest(call, { type: 'tool.call', call_id: 'c1', name: 'get_user', user_id: 'usr_1' })
    expect(extra.ok ? null : extra.problem).toMatchObject({ code: 'parameter_unknown', param: 'user_id' })
    const missing = decodeRequest(call, { type: 'tool.call', name: 'get_user' })
    expect(missing.ok ? null : missing.problem).toMatchObject({ code: 'parameter_missing', param: 'call_id' })
  })
})
