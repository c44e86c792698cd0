import type { Server } from 'node:http'
import type { Socket } from 'node:net'
import ipaddr from 'ipaddr.js'
import { isAllowed } from '../../core/account/ip-allowlist.js'

/**
 * What a connection is counted under: an IPv4 address (an IPv4-mapped IPv6 address, as a dual-stack socket reports
 * it, as its IPv4 address), or the /64 network of an IPv6 address, since one client usually holds a whole /64.
 */
export const connectionAddressKey = (address: string): string => {
  if (!ipaddr.isValid(address)) return address
  const parsed = ipaddr.parse(address)
  if (parsed.kind() === 'ipv4') return parsed.toString()
  const v6 = parsed as ipaddr.IPv6
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString()
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${v6.toString()}/64`).toString()}/64`
}

const UNCOUNTED = () => {}

/**
 * The open connections of each address, bounded. Counted at the socket, before anything is read: a connection has
 * no `X-Forwarded-For` yet, and the header is forgeable anyway. The addresses of trusted proxies are not limited:
 * each of their connections may carry any client (limit clients at the proxy).
 */
export class ConnectionsPerAddress {
  private readonly open = new Map<string, number>()

  constructor(
    private readonly limit: number,
    private readonly trustedProxies: readonly string[],
  ) {}

  /** How to give the connection back when it closes, or null when it is refused (its address holds its limit). */
  admit(address: string): (() => void) | null {
    if (this.trustedProxies.length > 0 && isAllowed(this.trustedProxies, address)) return UNCOUNTED
    const key = connectionAddressKey(address)
    const count = this.open.get(key) ?? 0
    if (count >= this.limit) return null
    this.open.set(key, count + 1)
    let released = false
    return () => {
      if (released) return
      released = true
      const left = (this.open.get(key) ?? 1) - 1
      if (left === 0) this.open.delete(key)
      else this.open.set(key, left)
    }
  }

  /** Addresses holding at least one connection (for tests). */
  get addresses(): number {
    return this.open.size
  }
}

/**
 * Closes a connection as it arrives when its address already holds `limit` connections, before the HTTP server
 * reads anything from it (like the server's own `maxConnections` cap, which still bounds the total).
 */
export const limitConnectionsPerAddress = (
  server: Server,
  limit: number,
  trustedProxies: readonly string[],
): ConnectionsPerAddress => {
  const counted = new ConnectionsPerAddress(limit, trustedProxies)
  server.prependListener('connection', (socket: Socket) => {
    // Without an address the socket is already closed: nothing to count.
    if (socket.remoteAddress === undefined) return
    const release = counted.admit(socket.remoteAddress)
    if (release === null) {
      socket.destroy()
      return
    }
    socket.once('close', release)
  })
  return counted
}
