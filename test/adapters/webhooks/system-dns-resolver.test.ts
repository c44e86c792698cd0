import { SystemDnsResolver } from '../../../adapters/dns/system/system-dns-resolver.js'
import { dnsResolverContract } from '../../contracts/dns-resolver.contract.js'

dnsResolverContract('SystemDnsResolver', () => new SystemDnsResolver())
