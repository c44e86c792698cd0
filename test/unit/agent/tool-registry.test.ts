import { Schema } from 'effect'
import { describe, expect, it } from 'vitest'
import type { EndpointContract } from '../../../contracts/endpoint.js'
import { Endpoints } from '../../../contracts/endpoints.js'
import { permits } from '../../../core/account/permissions.js'
import { defineTool, type Tool, type ToolContext } from '../../../core/agent/agent-tool.js'
import { AgentToolCalls, enabledTools, executesDirectly, type ProposalDesk } from '../../../core/agent/tool-calls.js'
import { ok } from '../../../core/shared/result.js'
import type { Proposal } from '../../../core/voice/proposal.js'
import { decodeArguments } from '../../../hosts/agent/arguments.js'
import { AGENT_TOOLS } from '../../../hosts/agent/tools/registry.js'

const endpoints = Endpoints as unknown as Record<string, EndpointContract>

describe('One tool registry: each tool is declared once, beside the REST route whose use case it calls', () => {
  it('names a REST route that exists, and needs exactly that route’s permission', () => {
    for (const tool of AGENT_TOOLS) {
      const route = endpoints[tool.route]
      expect(route, `${tool.name} -> ${tool.route}`).toBeDefined()
      expect(tool.permission, tool.name).toEqual(route?.permission)
    }
  })

  it('has unique names, and a read tool reads (its route is a GET or a computation that stores nothing)', () => {
    expect(new Set(AGENT_TOOLS.map((tool) => tool.name)).size).toBe(AGENT_TOOLS.length)
    for (const tool of AGENT_TOOLS.filter((candidate) => candidate.kind === 'read'))
      expect(tool.permission === 'any_key' || tool.permission === 'secret_key' ? 'read' : tool.permission.access).toBe(
        'read',
      )
  })

  it('a change tool declares its risk and hints; only low-risk ones may run without a confirmation', () => {
    for (const tool of AGENT_TOOLS)
      if (tool.kind === 'write') {
        expect(['low', 'normal']).toContain(tool.risk)
        expect(executesDirectly('always', tool)).toBe(false)
        expect(executesDirectly('low_risk_direct', tool)).toBe(tool.risk === 'low')
      }
  })
})

const readTool = defineTool({
  name: 'read_thing',
  description: 'Reads',
  kind: 'read',
  route: 'retrieveEvent',
  permission: { resource: 'events', access: 'read' },
  arguments: Schema.Struct({ id: Schema.String }),
  run: async (_context, args) => ok({ id: args.id }),
})

const changeTool = (risk: 'low' | 'normal'): Tool =>
  defineTool({
    name: `change_${risk}`,
    description: 'Changes',
    kind: 'write',
    risk,
    hints: { destructive: false, idempotent: true, openWorld: false },
    route: 'updateEvent',
    permission: { resource: 'events', access: 'write' },
    subLimit: { name: 'test', limit: 1, windowMs: 60_000, per: 'id' },
    arguments: Schema.Struct({ id: Schema.String }),
    plan: async (_context, args) =>
      ok({ summary: `Change ${args.id}`, change: {}, resource: { type: 'event', id: args.id }, basis: null }),
    basis: async () => null,
    execute: async (_context, args) => ok({ resourceId: args.id, result: { id: args.id } }),
  })

const harness = () => {
  const counted = new Map<string, number>()
  const calls = new AgentToolCalls({
    tools: [readTool, changeTool('low'), changeTool('normal')],
    decode: decodeArguments,
    subLimits: {
      consumeSubLimit: async (_scope, limit, resource) => {
        const used = (counted.get(resource) ?? 0) + 1
        counted.set(resource, used)
        return { allowed: used <= limit.limit, retryAfterMs: 30_000 }
      },
    },
  })
  const proposed: string[] = []
  const executed: { id: string; byUser: boolean }[] = []
  const desk: ProposalDesk = {
    propose: async (draft) => {
      proposed.push(draft.tool)
      return { id: `prp_${proposed.length}`, tool: draft.tool } as unknown as Proposal
    },
    execute: async (id, byUser) => {
      executed.push({ id, byUser })
      return ok({ proposal: { id, result: {} } as unknown as Proposal, replayed: false })
    },
  }
  const context = { scope: {}, actor: { userId: 'usr_1' }, services: {} } as unknown as ToolContext
  const readOnly = { permits: (required: Tool['permission']) => permits('restricted', { events: 'read' }, required) }
  const everything = { permits: () => true }
  return { calls, desk, context, proposed, executed, readOnly, everything }
}

describe('The rules of a tool call, the same on every channel', () => {
  it('an unknown tool, a tool beyond the grants, a tool not enabled, bad arguments: refused, nothing proposed', async () => {
    const { calls, desk, context, proposed, readOnly, everything } = harness()
    const base = { authority: everything, enabled: () => true, policy: 'always' as const, context, desk }
    const unknown = await calls.call({ ...base, name: 'nope', arguments: {} })
    expect(unknown).toMatchObject({ type: 'refused', refusal: { kind: 'domain', error: { _tag: 'InvalidParameter' } } })
    const beyond = await calls.call({ ...base, authority: readOnly, name: 'change_normal', arguments: { id: 'a' } })
    expect(beyond).toMatchObject({ refusal: { error: { _tag: 'PermissionDenied', permission: 'events:write' } } })
    const disabled = await calls.call({ ...base, enabled: () => false, name: 'read_thing', arguments: { id: 'a' } })
    expect(disabled).toMatchObject({ refusal: { error: { _tag: 'InvalidParameter', param: 'name' } } })
    const bad = await calls.call({ ...base, name: 'read_thing', arguments: { id: 1 } })
    expect(bad).toMatchObject({ refusal: { kind: 'arguments', problem: { param: 'arguments.id' } } })
    expect(proposed).toEqual([])
  })

  it('a read answers at once; a change is a proposal unless low-risk under low_risk_direct', async () => {
    const { calls, desk, context, executed, everything } = harness()
    const base = { authority: everything, enabled: () => true, context, desk }
    expect(await calls.call({ ...base, policy: 'always', name: 'read_thing', arguments: { id: 'a' } })).toMatchObject({
      type: 'result',
      result: { id: 'a' },
    })
    expect(await calls.call({ ...base, policy: 'always', name: 'change_low', arguments: { id: 'a' } })).toMatchObject({
      type: 'proposed',
    })
    expect(
      await calls.call({ ...base, policy: 'low_risk_direct', name: 'change_normal', arguments: { id: 'b' } }),
    ).toMatchObject({ type: 'proposed' })
    expect(executed).toEqual([])
    expect(
      await calls.call({ ...base, policy: 'low_risk_direct', name: 'change_low', arguments: { id: 'c' } }),
    ).toMatchObject({ type: 'executed' })
    expect(executed).toEqual([{ id: 'prp_3', byUser: false }])
  })

  it('a change counts against its REST sub-limit per resource; beyond it, refused with the time to wait', async () => {
    const { calls, desk, context, proposed, everything } = harness()
    const base = { authority: everything, enabled: () => true, policy: 'always' as const, context, desk }
    await calls.call({ ...base, name: 'change_normal', arguments: { id: 'x' } })
    const second = await calls.call({ ...base, name: 'change_normal', arguments: { id: 'x' } })
    expect(second).toMatchObject({ refusal: { kind: 'rate_limited', limit: 1, retryAfterMs: 30_000 } })
    await calls.call({ ...base, name: 'change_normal', arguments: { id: 'y' } })
    expect(proposed).toEqual(['change_normal', 'change_normal'])
  })

  it('enabled tools: all granted by default; an unknown name names tools[i]; one beyond the grants is refused', () => {
    const grants = (required: Tool['permission']) => permits('restricted', { events: 'read' }, required)
    const tools = [readTool, changeTool('normal')]
    expect(enabledTools(tools, grants, undefined)).toEqual(ok(['read_thing']))
    expect(enabledTools(tools, grants, ['read_thing', 'zzz'])).toMatchObject({
      ok: false,
      error: { param: 'tools[1]' },
    })
    expect(enabledTools(tools, grants, ['change_normal'])).toMatchObject({
      ok: false,
      error: { _tag: 'PermissionDenied', permission: 'events:write' },
    })
  })
})
