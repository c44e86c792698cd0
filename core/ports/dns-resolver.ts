/** Resolves a host name to every address it has (A and AAAA). */
export interface DnsResolverPort {
  resolve(host: string): Promise<readonly string[]>
}
