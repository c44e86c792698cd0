import { afterEach, describe, expect, it } from 'vitest'
import type { SpeechModelPort, SpeechToolCall } from '../../core/ports/speech-model.js'

export interface SpeechModelSubject {
  readonly model: SpeechModelPort
  /** Makes the model call a function, when the adapter has a model (null for the embedded one); its output. */
  readonly callFunction: ((callId: string, name: string, args: unknown) => Promise<string>) | null
  readonly teardown?: () => Promise<void>
}

const TOOLS = [{ name: 'get_user', description: 'The user.', parameters: { type: 'object', properties: {} } }] as const

/** What every SpeechModelPort adapter must do; call it from the adapter's own test file. */
export const speechModelContract = (name: string, makeSubject: () => Promise<SpeechModelSubject>): void => {
  describe(`${name} honours the SpeechModelPort contract`, () => {
    let subject: SpeechModelSubject | null = null
    afterEach(async () => {
      await subject?.teardown?.()
      subject = null
    })

    it('opens a link and closes it, twice without harm', async () => {
      subject = await makeSubject()
      const link = await subject.model.open({
        sessionId: 'vs_1',
        instructions: 'test',
        tools: TOOLS,
        onToolCall: async () => '{}',
      })
      await link.close()
      await link.close()
    })

    it("hands each of the model's function calls to onToolCall once and returns its output to the model", async () => {
      subject = await makeSubject()
      const calls: SpeechToolCall[] = []
      const link = await subject.model.open({
        sessionId: 'vs_1',
        instructions: 'test',
        tools: TOOLS,
        onToolCall: async (call) => {
          calls.push(call)
          return JSON.stringify({ type: 'tool.result', name: call.name, result: { ok: true } })
        },
      })
      if (subject.callFunction !== null) {
        const output = await subject.callFunction('call_1', 'get_user', {})
        expect(JSON.parse(output)).toMatchObject({ type: 'tool.result', name: 'get_user' })
        expect(calls).toEqual([{ callId: 'call_1', name: 'get_user', arguments: '{}' }])
      } else expect(calls).toEqual([])
      await link.close()
    })
  })
}
