import path from 'node:path'
import { z } from 'zod'
import { actionsEnvSchema } from './config-env-actions'
import { productsEnvSchema } from './config-env-products'
import { notificationsEnvSchema } from './config-env-notifications'
import { quotesEnvSchema } from './config-env-quotes'
import { flag, originList } from './config-env-values'

const noCredentials = (url: URL) => !url.username && !url.password

/**
 * Every setting of the gateway, parsed and validated once at start. Names are the fixed ones of
 * API.md "Settings with fixed names"; each one's `.describe()` text is its documentation:
 * docs/configuration.md is generated from this schema (`npm run docs:config`).
 */
export const envSchema = z
  .object({
    PORT: z.coerce
      .number()
      .int()
      .min(0)
      .max(65535)
      .default(8080)
      .describe('HTTP and socket.io port.'),
    HOST: z.string().default('0.0.0.0').describe('Address to listen on.'),
    DATA_DIR: z.string().default('./data').describe('The SQLite file, uploaded photos and keys.'),
    DATABASE_URL: z
      .string()
      .url()
      .optional()
      .describe(
        'PostgreSQL instead of SQLite (e.g. `postgres://postgres@127.0.0.1:5432/test`). Each gateway then keeps live sessions in memory and LISTENs to the notices of session changes, so an authed call reads no session row.',
      ),
    REDIS_URL: z
      .string()
      .url()
      .optional()
      .describe(
        "socket.io's Redis streams adapter, for several gateways: rooms and `/user` events cross gateways and connection state recovery keeps working. With `DATABASE_URL` on PostgreSQL too, the gateways share one market: one leads (a PostgreSQL advisory lock), publishes its prints through Redis and alone runs the matcher and the schedulers (`/health` says `role`).",
      ),
    REDIS_PREFIX: z
      .string()
      .regex(/^[\w.-]{1,64}$/, 'letters, digits, _ . -')
      .default('kabu')
      .describe(
        "Names this deployment's keys in Redis (`<prefix>:ticks:v2`, `<prefix>:quotes`, `<prefix>:term`, `<prefix>:day:<code>:<date>`, the adapter's stream and sessions) and its leader lock in PostgreSQL, so several deployments can share one Redis and one PostgreSQL.",
      ),
    LEADER_RETRY_MS: z.coerce
      .number()
      .int()
      .min(100)
      .max(60_000)
      .default(1_000)
      .describe(
        'How often a follower tries to take the leader lock (a killed leader is replaced within about this) and the leader checks its lock’s connection.',
      ),
    SEED: z.coerce.number().int().default(1).describe('Simulator seed: same seed, same market.'),
    MARKET_HOURS: z
      .enum(['real', 'always'])
      .optional()
      .describe(
        "`real`: prices move only in each exchange's sessions (its time zone, lunch breaks, holidays); `always`: around the clock. Unset: `always` in the demo, else `real`.",
      ),
    DEMO: flag
      .optional()
      .describe(
        'Seed the demo data and allow auto review. Unset: 1 when there is no DATABASE_URL.',
      ),
    DEMO_ACCOUNT: z
      .string()
      .default('demo0001')
      .describe("The demo login's account (printed at start)."),
    DEMO_PASSWORD: z
      .string()
      .default('demo-pass-2026')
      .describe("The demo login's password (printed at start)."),
    DEMO_INVITE: z
      .string()
      .default('DEMO2026')
      .describe("The demo account's invite code, for registering (printed at start)."),
    DEMO_ADMIN_PASSWORD: z
      .string()
      .min(12)
      .default('admin-demo-2026')
      .describe("Password of the demo's back-office operator `admin` (seeded in the demo only)."),
    DEMO_REVIEWER_PASSWORD: z
      .string()
      .min(12)
      .default('review-demo-2026')
      .describe(
        "Password of the demo's back-office operator `reviewer` (seeded in the demo only).",
      ),
    DEMO_FUND_PASSWORD: z
      .string()
      .regex(/^\d{6}$/, 'six digits')
      .default('135790')
      .describe(
        "The demo account's fund password, six digits (printed at start; set when the account has none).",
      ),
    REVIEW_POLICY: z
      .enum(['auto', 'manual'])
      .optional()
      .describe('How requests are reviewed. Unset: `auto` in the demo, else `manual`.'),
    AUTO_REVIEW_DELAY_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(86_400_000)
      .default(3000)
      .describe(
        'With `REVIEW_POLICY=auto`: how long a pending request waits before the published rules decide it.',
      ),
    OPS_TOKEN: z
      .string()
      .min(16)
      .optional()
      .describe(
        'Back-office bearer token for scripts. Unset: a random one, printed at start in the demo.',
      ),
    OPS_REQUIRE_SECOND_FACTOR: flag
      .optional()
      .describe(
        'Every operator logs in with a passkey or TOTP; a session opened with the password alone (no factor enrolled yet) may only enrol one at the console\'s "My security" and log in again. Unset: 0 in the demo, else 1.',
      ),
    TIME_TRAVEL: flag.prefault('0').describe('1 allows `POST /api/ops/clock`.'),
    BROKER_UPSTREAM: z
      .url({ protocol: /^https?$/ })
      // The forwarder sends the phone's headers, not a URL's user and password: refuse them rather
      // than drop them without a word (and they would end up in logs of the URL).
      .refine((u) => !new URL(u).username && !new URL(u).password, 'no credentials in the URL')
      .optional()
      .describe(
        "Upstream broker mode: forward `/api/vue` to this broker's `/api/vue` (e.g. `https://broker.example/api/vue`; http or https, no user or password in it) instead of running our own broker; market data stays this gateway's (docs/deploy.md).",
      ),
    BROKER_UPSTREAM_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(100)
      .max(300_000)
      .default(10_000)
      .describe(
        "With BROKER_UPSTREAM: how long to wait to connect, for the broker's answer to start, and in any silence inside it; past it the phone gets `upstream_unavailable` (HTTP 504; 502 when the broker refuses the connection). Also how long a relayed `/user` socket waits for the broker's socket.io to accept it (then `user_events_upstream`).",
      ),
    BROKER_UPSTREAM_EVENTS: z
      .union([
        z.literal('off'),
        z
          .url({ protocol: /^https?$/ })
          // zod runs the refinement on a string that is no URL too: only a URL has credentials.
          .refine(
            (u) => !URL.canParse(u) || noCredentials(new URL(u)),
            'no credentials in the URL',
          ),
      ])
      .optional()
      .describe(
        "With BROKER_UPSTREAM: the broker's socket.io (origin and path, e.g. `https://broker.example/socket.io`), to which each phone's `/user` socket is relayed with the phone's own token. Unset: BROKER_UPSTREAM's origin with `/socket.io`. `off`: `/user` refuses every handshake with `user_events_upstream` (a broker without socket.io).",
      ),
    ...quotesEnvSchema.shape,
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info')
      .describe('pino log level (`silent` to mute).'),
    CLIENT_DIR: z
      .string()
      .default(path.resolve(import.meta.dirname, '../../client/dist'))
      .describe('Where the built client is served from.'),
    // argon2id cost; the defaults meet the floor (19 MiB, 2 passes).
    ARGON2_MEMORY_KIB: z.coerce
      .number()
      .int()
      .min(19456)
      .default(19456)
      .describe('argon2id memory cost in KiB (minimum 19456).'),
    ARGON2_PASSES: z.coerce
      .number()
      .int()
      .min(2)
      .default(2)
      .describe('argon2id passes (minimum 2).'),
    // Unset by default: customer service is in the app; a link set here is offered beside it.
    KEFU_URL: z
      .string()
      .default('')
      .describe(
        'An external customer-service link (chat, mail, phone) handed to the app as `kefu`, offered beside the in-app conversations.',
      ),
    ALLOWED_ORIGINS: originList().describe(
      "Origins besides the app's own whose pages may open its sockets, comma-separated (e.g. `https://app.example.com`); sockets from any other Origin are refused.",
    ),
    TRUST_PROXY: z
      .string()
      .regex(/^[\w.:/, -]{1,200}$/)
      .optional()
      .transform((v) => (v === undefined ? undefined : /^\d+$/.test(v) ? Number(v) : v))
      .describe(
        "Express's `trust proxy`: whose `X-Forwarded-For` to believe, so per-address limits count phones and not the proxy in front: a hop count (`1` behind one HAProxy), `loopback`, or addresses/CIDRs, comma-separated. Unset believes none; in upstream mode a phone's own `X-Forwarded-For` is then dropped, not forwarded.",
      ),
    APP_VERSION: z
      .string()
      .default('0.1.0')
      .describe('What `/common/version` answers as the current version.'),
    MIN_CLIENT_VERSION: z
      .string()
      .default('0.1.0')
      .describe('Clients older than this are told to update (`/common/version`).'),
    ID_KEY: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/)
      .optional()
      .describe(
        'AES-256-GCM key of ID numbers at rest, 64 hex characters; set it when several gateways share one database. Unset: a key file `DATA_DIR/keys/id.key` made on first use.',
      ),
    ID_DOCTYPES: z
      .string()
      .default('driver_license,health_insurance,my_number')
      .describe('Identity documents accepted by `/user/verify`, comma-separated.'),
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(8 * 1024 * 1024)
      .describe('Largest photo `/common/upload` accepts, in bytes.'),
    UPLOAD_MAX_PIXELS: z.coerce
      .number()
      .int()
      .min(10_000)
      .default(40_000_000)
      .describe('Largest photo `/common/upload` accepts, in pixels.'),
  })
  .extend(productsEnvSchema.shape)
  .extend(actionsEnvSchema.shape)
  .extend(notificationsEnvSchema.shape)

export type Env = z.input<typeof envSchema>
/** The settings as parsed: defaults filled in, values coerced. */
export type ParsedEnv = z.output<typeof envSchema>
