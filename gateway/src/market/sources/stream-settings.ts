/**
 * The settings of the streaming feeds of QUOTE_SOURCE (`kabustation:URL`, `alpaca:URL`): what
 * each needs to log in, how many codes it may carry, and the fault handling they share with the
 * poll source (staleness, backoff, circuit breaker).
 */

/** What every streaming feed shares: staleness and how it reconnects. */
export interface StreamFaults {
  /** No message nor answered ping for this long: its codes are stale (QUOTE_STALE_MS). */
  staleAfterMs: number
  breakerFailures: number
  breakerCoolDownMs: number
  /** Backoff after the first failed connection, doubling up to maxBackoffMs (full jitter). */
  baseBackoffMs: number
  maxBackoffMs: number
}

export interface KabuStationSettings extends StreamFaults {
  kind: 'kabustation'
  /** The REST base, e.g. `http://localhost:18080/kabusapi`; PUSH is `<base>/websocket` over ws. */
  url: string
  password: string
  /** Codes registered at once, REST boards included (kabu STATION: 50). */
  symbolLimit: number
  /** Information calls a second (kabu STATION allows about 10). */
  restPerSecond: number
}

export interface AlpacaSettings extends StreamFaults {
  kind: 'alpaca'
  /** The stream, e.g. `wss://stream.data.alpaca.markets/v2/iex`. */
  url: string
  keyId: string
  secretKey: string
  /** Symbols subscribed at once (the free plan: 30). */
  symbolLimit: number
}

export type StreamSourceSettings = KabuStationSettings | AlpacaSettings

export interface StreamEnv {
  QUOTE_STALE_MS: number
  QUOTE_BREAKER_FAILURES: number
  QUOTE_BREAKER_COOLDOWN_MS: number
  QUOTE_BACKOFF_BASE_MS: number
  QUOTE_BACKOFF_MAX_MS: number
  KABUSTATION_API_PASSWORD?: string | undefined
  KABUSTATION_SYMBOL_LIMIT: number
  KABUSTATION_REST_PER_SECOND: number
  ALPACA_KEY_ID?: string | undefined
  ALPACA_SECRET_KEY?: string | undefined
  ALPACA_SYMBOL_LIMIT: number
}

function required(name: string, value: string | undefined, kind: string): string {
  if (!value) throw new Error(`invalid settings: ${name} is required with QUOTE_SOURCE=${kind}:URL`)
  return value
}

function urlOf(kind: string, target: string, protocols: readonly string[]): string {
  let url: URL
  try {
    url = new URL(target)
  } catch {
    throw new Error(`invalid settings: QUOTE_SOURCE ${kind}: needs a URL, got "${target}"`)
  }
  if (!protocols.includes(url.protocol)) {
    throw new Error(`invalid settings: QUOTE_SOURCE ${kind}: takes ${protocols.join(' or ')} URLs`)
  }
  return target.replace(/\/+$/, '')
}

export function parseStreamSource(
  kind: 'kabustation' | 'alpaca',
  target: string,
  e: StreamEnv,
): StreamSourceSettings {
  const faults: StreamFaults = {
    staleAfterMs: e.QUOTE_STALE_MS,
    breakerFailures: e.QUOTE_BREAKER_FAILURES,
    breakerCoolDownMs: e.QUOTE_BREAKER_COOLDOWN_MS,
    baseBackoffMs: Math.min(e.QUOTE_BACKOFF_BASE_MS, e.QUOTE_BACKOFF_MAX_MS),
    maxBackoffMs: e.QUOTE_BACKOFF_MAX_MS,
  }
  if (kind === 'kabustation') {
    return {
      kind,
      url: urlOf(kind, target, ['http:', 'https:']),
      password: required('KABUSTATION_API_PASSWORD', e.KABUSTATION_API_PASSWORD, kind),
      symbolLimit: e.KABUSTATION_SYMBOL_LIMIT,
      restPerSecond: e.KABUSTATION_REST_PER_SECOND,
      ...faults,
    }
  }
  return {
    kind,
    url: urlOf(kind, target, ['ws:', 'wss:']),
    keyId: required('ALPACA_KEY_ID', e.ALPACA_KEY_ID, kind),
    secretKey: required('ALPACA_SECRET_KEY', e.ALPACA_SECRET_KEY, kind),
    symbolLimit: e.ALPACA_SYMBOL_LIMIT,
    ...faults,
  }
}
