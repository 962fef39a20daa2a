import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { BlockList, isIP, type LookupFunction } from 'node:net'

/**
 * A push subscription's endpoint is a URL the gateway will POST to on the user's word, so it is
 * checked as any outbound URL is (issue 37): https only, and every address its host resolves to
 * must be public (no loopback, private, link-local, shared, documentation or multicast range).
 * `PUSH_ENDPOINT_ALLOW` names origins exempt from the address rule (tests, a private push service).
 * The check runs when a device subscribes, and again as each push connects (`guardedLookup`), so a
 * name that resolves elsewhere later (DNS rebinding) is refused at that point too.
 */
const NOT_PUBLIC = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4')
// IPv4-mapped IPv6 (::ffff:a.b.c.d) is checked against the IPv4 ranges by BlockList itself; NAT64
// and 6to4 embed an IPv4 address that could be any of them, so they are refused whole.
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6')

/** Whether an IP address (v4 or v6 text) is one the gateway may send a push to. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 0) return false
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

export type Resolve = (host: string) => Promise<string[]>

const resolveAll: Resolve = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses: LookupAddress[]) =>
      error ? reject(error) : resolve(addresses.map((a) => a.address)),
    ),
  )

/** The host of a URL as an address or a name (an IPv6 literal without its brackets). */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1')

export interface EndpointPolicy {
  /** Whether `PUSH_ENDPOINT_ALLOW` names the endpoint's origin. */
  allowListed(url: URL): boolean
  /** The endpoint parsed when the gateway may POST to it; undefined when it may not. */
  check(endpoint: string): Promise<URL | undefined>
}

export function endpointPolicy(allow: readonly string[], resolve = resolveAll): EndpointPolicy {
  const origins = new Set(allow.map((origin) => new URL(origin).origin))
  const allowListed = (url: URL) => origins.has(url.origin)
  return {
    allowListed,
    async check(endpoint) {
      let url: URL
      try {
        url = new URL(endpoint)
      } catch {
        return undefined
      }
      if (url.protocol !== 'https:' || url.username || url.password) return undefined
      if (allowListed(url)) return url
      const host = hostOf(url)
      if (isIP(host)) return isPublicAddress(host) ? url : undefined
      const addresses = await resolve(host).catch(() => [])
      return addresses.length > 0 && addresses.every(isPublicAddress) ? url : undefined
    },
  }
}

/**
 * A `lookup` for the agent that carries pushes: the name's addresses as dns gives them, refused
 * when any is not public (every address, not the first: a client may try them in turn).
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0)
    const refused = addresses.find((a) => !isPublicAddress(a.address))
    if (refused || addresses.length === 0) {
      const denied = Object.assign(new Error(`push endpoint ${hostname} is not public`), {
        code: 'EPUSHDENIED',
      })
      return callback(denied, '', 0)
    }
    if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses)
    const [first] = addresses as [LookupAddress]
    callback(null, first.address, first.family)
  })
}
