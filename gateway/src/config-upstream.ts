import type { ParsedEnv } from './config-env'

/** Upstream broker mode: `/api/vue` goes to this broker; the market stays this gateway's. */
export interface BrokerUpstreamSettings {
  url: string
  timeoutMs: number
  /** Where `/user` is relayed (BROKER_UPSTREAM_EVENTS); undefined: refused (`off`). */
  events: UpstreamEvents | undefined
}

/** Where a gateway in upstream mode relays `/user`: the broker's socket.io, as socket.io-client takes it. */
export interface UpstreamEvents {
  /** `https://broker.example`: the namespace is appended to it. */
  origin: string
  /** The engine's path on that origin (socket.io's default `/socket.io`). */
  path: string
}

/** BROKER_UPSTREAM and its companions; unset, the gateway is its own broker. */
export function brokerUpstreamSettings(e: ParsedEnv): BrokerUpstreamSettings | undefined {
  if (!e.BROKER_UPSTREAM) return undefined
  return {
    url: e.BROKER_UPSTREAM,
    timeoutMs: e.BROKER_UPSTREAM_TIMEOUT_MS,
    events: upstreamEvents(e.BROKER_UPSTREAM, e.BROKER_UPSTREAM_EVENTS),
  }
}

/**
 * BROKER_UPSTREAM_EVENTS read against BROKER_UPSTREAM: unset, the broker's own origin with
 * socket.io's default path (a broker that is one of our gateways); a URL, its origin and path
 * (a broker whose socket.io lives elsewhere or under a prefix); `off`, no relay.
 */
export function upstreamEvents(
  broker: string,
  setting: string | undefined,
): UpstreamEvents | undefined {
  if (setting === 'off') return undefined
  const url = new URL(setting ?? new URL(broker).origin)
  const path = url.pathname.replace(/\/+$/, '')
  return { origin: url.origin, path: path || '/socket.io' }
}
