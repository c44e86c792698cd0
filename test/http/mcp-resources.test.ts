import { McpError } from '@modelcontextprotocol/sdk/types.js'
import { describe, expect, it } from 'vitest'
import { connectMcp, mcpSuiteService } from '../support/mcp-client.js'
import { TEST_KEY } from '../support/service.js'

const { sandboxUrl, sandbox, newUser } = mcpSuiteService('resources')

const eventIn = async (userId: string, title: string, days: number) => {
  const start = Date.now() + days * 86_400_000
  return (
    await sandbox('POST', '/v1/events', {
      user_id: userId,
      title,
      start_time: new Date(start).toISOString(),
      end_time: new Date(start + 3_600_000).toISOString(),
    })
  ).body
}

const textOf = (content: unknown) => String((content as { text?: unknown } | undefined)?.text)

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(McpError)
  return error as McpError
}

describe('Resources: a user’s upcoming events and profile, read with the permissions of the tools', () => {
  it('lists the templates, and reads the events of the next 7 days and the profile of a user', async () => {
    const user = await newUser()
    const soon = await eventIn(user.id, 'Soon', 2)
    await eventIn(user.id, 'Later', 30)
    const { client } = await connectMcp(sandboxUrl(), TEST_KEY)
    const { resourceTemplates } = await client.listResourceTemplates()
    expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual([
      'departure://users/{user_id}/events/upcoming',
      'departure://users/{user_id}/profile',
    ])
    expect((await client.listResources()).resources).toEqual([])
    const uri = `departure://users/${user.id}/events/upcoming`
    const read = await client.readResource({ uri })
    expect(read.contents).toHaveLength(1)
    expect(read.contents[0]).toMatchObject({ uri, mimeType: 'application/json' })
    const listed = JSON.parse(textOf(read.contents[0]))
    expect(listed.data.map((event: { id: string }) => event.id)).toEqual([soon.id])
    const profile = await client.readResource({ uri: `departure://users/${user.id}/profile` })
    expect(JSON.parse(textOf(profile.contents[0]))).toMatchObject({ id: user.id, object: 'user' })
    await client.close()
  })

  it('a credential without the permission sees no template and is refused; another account’s user is not found', async () => {
    const user = await newUser()
    const key = (await sandbox('POST', '/v1/api_keys', { permissions: { users: 'read' } })).body
    const { client } = await connectMcp(sandboxUrl(), key.secret)
    expect((await client.listResourceTemplates()).resourceTemplates.map((template) => template.name)).toEqual([
      'user_profile',
    ])
    const denied = await refusal(client.readResource({ uri: `departure://users/${user.id}/events/upcoming` }))
    expect(denied.data).toMatchObject({ error: { code: 'insufficient_permissions' } })
    await client.close()
    const full = await connectMcp(sandboxUrl(), TEST_KEY)
    const missing = await refusal(full.client.readResource({ uri: 'departure://users/usr_nobody/profile' }))
    expect(missing.code).toBe(-32002)
    expect(missing.data).toMatchObject({ error: { code: 'resource_missing', param: 'user_id' } })
    const unknown = await refusal(full.client.readResource({ uri: 'file:///etc/passwd' }))
    expect(unknown.code).toBe(-32002)
    await full.client.close()
  })
})

describe('Prompts: plan_my_day, for a user of the account, offered to a credential that may read events and departures', () => {
  it('answers the planning request naming the user and the resource to read', async () => {
    const user = await newUser()
    const { client } = await connectMcp(sandboxUrl(), TEST_KEY)
    expect((await client.listPrompts()).prompts.map((prompt) => prompt.name)).toEqual(['plan_my_day'])
    const prompt = await client.getPrompt({ name: 'plan_my_day', arguments: { user_id: user.id } })
    const text = textOf(prompt.messages[0]?.content)
    expect(text).toContain(user.id)
    expect(text).toContain(`departure://users/${user.id}/events/upcoming`)
    const foreign = await refusal(client.getPrompt({ name: 'plan_my_day', arguments: { user_id: 'usr_nobody' } }))
    expect(foreign.data).toMatchObject({ error: { code: 'resource_missing' } })
    await refusal(client.getPrompt({ name: 'plan_my_day', arguments: {} }))
    await refusal(client.getPrompt({ name: 'drop_tables', arguments: {} }))
    await client.close()
    const key = (await sandbox('POST', '/v1/api_keys', { permissions: { users: 'read' } })).body
    const narrow = await connectMcp(sandboxUrl(), key.secret)
    expect((await narrow.client.listPrompts()).prompts).toEqual([])
    await refusal(narrow.client.getPrompt({ name: 'plan_my_day', arguments: { user_id: user.id } }))
    await narrow.client.close()
  })
})
