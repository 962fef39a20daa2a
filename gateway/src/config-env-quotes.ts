import { z } from 'zod'
import { quoteSourceEntries } from './market/sources/settings'

/** One entry of QUOTE_SOURCE's list. */
const QUOTE_SOURCE_ENTRY =
  /^(simulator|poll:https?:\/\/.+|replay:.+|kabustation:https?:\/\/.+|alpaca:wss?:\/\/.+)$/

/**
 * The settings of the real quote feeds (market/sources/: poll, replay, kabu STATION, Alpaca), which
 * config-env.ts places among its own so that docs/configuration.md keeps them together.
 */
export const quotesEnvSchema = z.object({
  QUOTE_SOURCE: z
    .string()
    .refine(
      (text) => quoteSourceEntries(text).every((entry) => QUOTE_SOURCE_ENTRY.test(entry)),
      'a comma-separated list of simulator, poll:URL, replay:FILE, kabustation:URL, alpaca:URL',
    )
    .default('simulator')
    .describe(
      'A comma-separated list of: `simulator`; `poll:URL` (a JSON quotes endpoint mapped by QUOTE_POLL_MAP, overlaying the codes it maps); `replay:FILE[?speed=N&code=C&label=L]` (a CSV or JSONL file of daily bars or ticks; see gateway/data/replay/README.md); `kabustation:URL` (kabu STATION API, e.g. `http://localhost:18080/kabusapi`: Tokyo stocks streamed over its PUSH WebSocket); `alpaca:URL` (Alpaca market data, e.g. `wss://stream.data.alpaca.markets/v2/iex`: US stocks). The first listed that carries a code feeds it; the simulator feeds every other code; the app labels each quote with its source. The streaming feeds subscribe on demand (docs/real-quotes.md).',
    ),
  QUOTE_POLL_MAP: z
    .string()
    .optional()
    .describe(
      'With `poll:`: inline JSON or a JSON file mapping the endpoint’s answer (`{"items":"data.quotes","fields":{"code":"symbol","price":"last","volume":"volume","prevClose":"pc","time":"ts"},"codes":{"7203.T":"7203"}}`; dot paths; `codes` maps upstream codes to ours; `volume` is the day’s cumulative volume; `time` epoch s/ms or ISO). See market/sources/poll-mapping.ts.',
    ),
  QUOTE_POLL_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(3_600_000)
    .default(1000)
    .describe('With `poll:`: time between polls.'),
  QUOTE_POLL_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(60_000)
    .default(2000)
    .describe('With `poll:`: how long before a poll request is abandoned.'),
  QUOTE_STALE_MS: z.coerce
    .number()
    .int()
    .min(200)
    .max(3_600_000)
    .default(2000)
    .describe(
      'With `poll:`: a code turns `stale` once no poll has succeeded for this long (must exceed the interval); with `kabustation:` and `alpaca:`, once the feed has sent nothing and answered no ping for this long. Market orders on a stale code are refused with `quote_stale`.',
    ),
  QUOTE_BREAKER_FAILURES: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(5)
    .describe(
      'With `poll:`, `kabustation:` and `alpaca:`: failures in a row (each retried after jittered exponential backoff) before the circuit opens for the cool-down, then one probe.',
    ),
  QUOTE_BREAKER_COOLDOWN_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(3_600_000)
    .default(15_000)
    .describe(
      'With `poll:`, `kabustation:` and `alpaca:`: how long an open circuit waits before its probe.',
    ),
  QUOTE_BACKOFF_MAX_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(3_600_000)
    .default(10_000)
    .describe('With `poll:`, `kabustation:` and `alpaca:`: the longest backoff between retries.'),
  QUOTE_BACKOFF_BASE_MS: z.coerce
    .number()
    .int()
    .min(10)
    .max(60_000)
    .default(500)
    .describe(
      'With `kabustation:` and `alpaca:`: the backoff after the first failed connection, doubling with each further one up to QUOTE_BACKOFF_MAX_MS (full jitter).',
    ),
  QUOTE_RELEASE_GRACE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600_000)
    .default(30_000)
    .describe(
      'With `kabustation:` and `alpaca:`: how long a code nobody watches, orders or holds any more stays subscribed upstream before it is released.',
    ),
  QUOTE_DEMAND_REFRESH_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(3_600_000)
    .default(5_000)
    .describe(
      'With `kabustation:` and `alpaca:`: how often the codes of open orders and holdings are read again to decide what the feeds carry (codes phones watch count at once). In a cluster, also how often each gateway writes again the codes its phones watch for the leader (they change at once; a gateway that dies has its codes expire after three of these).',
    ),
  KABUSTATION_API_PASSWORD: z
    .string()
    .optional()
    .describe(
      'With `kabustation:`: the API password set in kabu STATION, exchanged for a token (`POST /token`).',
    ),
  KABUSTATION_SYMBOL_LIMIT: z.coerce
    .number()
    .int()
    .min(2)
    .max(1000)
    .default(50)
    .describe(
      'With `kabustation:`: codes registered at once, REST boards included (kabu STATION allows 50). Past it the lowest-ranked codes are read from `GET /board` in turn and marked `delayed`.',
    ),
  KABUSTATION_REST_PER_SECOND: z.coerce
    .number()
    .min(0.1)
    .max(10)
    .default(4)
    .describe(
      'With `kabustation:`: information calls a second for the `delayed` codes’ boards (each board is two calls: the board and its unregistering); kabu STATION allows about 10.',
    ),
  ALPACA_KEY_ID: z
    .string()
    .optional()
    .describe('With `alpaca:`: the API key id sent in the stream’s `auth` message.'),
  ALPACA_SECRET_KEY: z
    .string()
    .optional()
    .describe('With `alpaca:`: the API secret key sent in the stream’s `auth` message.'),
  ALPACA_SYMBOL_LIMIT: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(30)
    .describe(
      'With `alpaca:`: symbols subscribed at once (the free plan’s limit is 30). Past it the lowest-ranked codes stay with the simulator, said so in the status.',
    ),
})
