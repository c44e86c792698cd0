#!/usr/bin/env node
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { bridgeConfigFrom, runStdioBridge } from './stdio-bridge.js'

// `npx departure-mcp`: the service's MCP tools over stdio (docs/mcp.md). Standard output carries the protocol only;
// problems go to standard error.
const parsed = bridgeConfigFrom(process.env)
if (!parsed.ok) {
  process.stderr.write(`departure-mcp: ${parsed.message}\n`)
  process.exit(2)
}
try {
  await runStdioBridge(parsed.config, new StdioServerTransport())
} catch (error) {
  process.stderr.write(`departure-mcp: cannot reach ${parsed.config.apiUrl.href}: ${String(error)}\n`)
  process.exit(1)
}
