import { lookup } from 'node:dns/promises'
import type { DnsResolverPort } from '../../../core/ports/dns-resolver.js'

/** The operating system's resolver (the same answers the process would connect to). */
export class SystemDnsResolver implements DnsResolverPort {
  async resolve(host: string): Promise<readonly string[]> {
    const answers = await lookup(host, { all: true, verbatim: true })
    return answers.map((answer) => answer.address)
  }
}
