import path from 'node:path'
import { z } from 'zod'

/**
 * Every setting of the gateway, parsed and validated once at start. Names are the fixed ones of
 * API.md "Settings with fixed names"; each is documented in the README's table.
 */
const flag = z.enum(['0', '1']).transform((v) => v === '1')
// Amounts in settings are whole yen as text: money never passes through a JS number.
const yen = z.string().regex(/^\d{1,14}$/)
// A fraction such as a fee rate, as text so it never passes through a JS number.
const rate = z.string().regex(/^0(\.\d{1,6})?$/)
const dailyWindow = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/)

/** Comma-separated http(s) origins; unset → none. */
const originList = () =>
  z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/ })))

export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  /** Names this deployment's keys in Redis and its leader lock in PostgreSQL (several on one pair). */
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.-]{1,64}$/, 'letters, digits, _ . -')
    .default('kabu'),
  /** How often a follower tries to take the leader lock, and the leader checks it still holds it. */
  LEADER_RETRY_MS: z.coerce.number().int().min(100).max(60_000).default(1_000),
  SEED: z.coerce.number().int().default(1),
  MARKET_HOURS: z.enum(['real', 'always']).optional(),
  DEMO: flag.optional(),
  DEMO_ACCOUNT: z.string().default('demo0001'),
  DEMO_PASSWORD: z.string().default('demo-pass-2026'),
  DEMO_INVITE: z.string().default('DEMO2026'),
  /** The demo's back-office people (issue 17): `admin` and `reviewer`, printed at start. */
  DEMO_ADMIN_PASSWORD: z.string().min(12).default('admin-demo-2026'),
  DEMO_REVIEWER_PASSWORD: z.string().min(12).default('review-demo-2026'),
  DEMO_FUND_PASSWORD: z
    .string()
    .regex(/^\d{6}$/, 'six digits')
    .default('135790'),
  REVIEW_POLICY: z.enum(['auto', 'manual']).optional(),
  /** REVIEW_POLICY=auto: how long a request waits before it is decided by the rules. */
  AUTO_REVIEW_DELAY_MS: z.coerce.number().int().min(0).max(86_400_000).default(3000),
  OPS_TOKEN: z.string().min(16).optional(),
  /**
   * Every operator must log in with a second factor (a passkey or TOTP); one who has none yet gets a
   * session that may only enrol one. Off by default in the demo (its printed logins work as they
   * are), on by default elsewhere.
   */
  OPS_REQUIRE_SECOND_FACTOR: flag.optional(),
  TIME_TRAVEL: flag.default(false),
  /** Upstream broker mode: the broker's `/api/vue` that this gateway forwards `/api/vue` to. */
  BROKER_UPSTREAM: z
    .url({ protocol: /^https?$/ })
    // The forwarder sends the phone's headers, not a URL's user and password: refuse them rather
    // than drop them without a word (and they would end up in logs of the URL).
    .refine((u) => !new URL(u).username && !new URL(u).password, 'no credentials in the URL')
    .optional(),
  /** Connect, first byte of the answer, and silence inside it: past this, `upstream_unavailable`. */
  BROKER_UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
  QUOTE_SOURCE: z
    .string()
    .regex(/^(simulator|poll:https?:\/\/.+|replay:.+)$/, 'simulator, poll:URL or replay:FILE')
    .default('simulator'),
  /** poll: the mapping of the endpoint's JSON (see market/sources/poll-mapping.ts), inline or a file. */
  QUOTE_POLL_MAP: z.string().optional(),
  QUOTE_POLL_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(1000),
  QUOTE_POLL_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  /** poll: codes turn stale once no poll has succeeded for this long. */
  QUOTE_STALE_MS: z.coerce.number().int().min(200).max(3_600_000).default(2000),
  QUOTE_BREAKER_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  QUOTE_BREAKER_COOLDOWN_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  QUOTE_BACKOFF_MAX_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built client is served from. */
  CLIENT_DIR: z.string().default(path.resolve(import.meta.dirname, '../../client/dist')),
  /** argon2id cost; the defaults meet the floor (19 MiB, 2 passes). */
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(19456).default(19456),
  ARGON2_PASSES: z.coerce.number().int().min(2).default(2),
  // Unset by default: customer service is in the app; a link set here is offered beside it.
  KEFU_URL: z.string().default(''),
  /** Origins besides the app's own whose pages may open its sockets, comma-separated. */
  ALLOWED_ORIGINS: originList(),
  /**
   * Express's `trust proxy`: which hops' X-Forwarded-For to believe, so the per-address login
   * limits count phones and not the proxy in front (a hop count, or `loopback`, CIDRs, …).
   */
  TRUST_PROXY: z
    .string()
    .regex(/^[\w.:/, -]{1,200}$/)
    .optional()
    .transform((v) => (v === undefined ? undefined : /^\d+$/.test(v) ? Number(v) : v)),
  APP_VERSION: z.string().default('0.1.0'),
  MIN_CLIENT_VERSION: z.string().default('0.1.0'),
  /** AES-256-GCM key for ID numbers at rest: 64 hex characters; unset → a key file in DATA_DIR. */
  ID_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/)
    .optional(),
  ID_DOCTYPES: z.string().default('driver_license,health_insurance,my_number'),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(8 * 1024 * 1024),
  UPLOAD_MAX_PIXELS: z.coerce.number().int().min(10_000).default(40_000_000),
  /** Deposits, withdrawals, exchange: yen amounts; other wallets convert at reference rates. */
  DEPOSIT_MIN_JPY: yen.default('1'),
  DEPOSIT_MAX_UNVERIFIED_JPY: yen.default('500000'),
  DEPOSIT_MAX_VERIFIED_JPY: yen.default('10000000000'),
  DEPOSIT_WINDOW: dailyWindow.default('00:00-23:59'),
  DEPOSIT_PAYEE: z.string().min(1).default('ｶﾌﾞﾓﾊﾞｲﾙｼｮｳｹﾝ(ｶ'),
  DEPOSIT_BANK: z.string().min(1).default('みずほ銀行 (0001)'),
  DEPOSIT_BRANCH: z.string().min(1).default('本店営業部 (001)'),
  DEPOSIT_ACCOUNT: z.string().min(1).default('普通 1234567'),
  WITHDRAW_MIN_JPY: yen.default('10000'),
  WITHDRAW_WINDOW: dailyWindow.default('09:00-15:30'),
  /** Four eyes (issue 17): a withdrawal above this many yen is paid after two operators approve. */
  FOUR_EYES_WITHDRAW_ABOVE: z.union([z.literal(''), yen]).default(''),
  FX_SPREAD: z
    .string()
    .regex(/^0(\.\d{1,4})?$/)
    .default('0.002'),
  /** Trading (issue 4): fee rates as decimal fractions of the traded value. */
  TRADE_BUY_FEE_RATE: rate.default('0.001'),
  TRADE_SELL_FEE_RATE: rate.default('0.001'),
  CN_STAMP_DUTY_RATE: rate.default('0.0005'),
  SELL_LOCK_MINUTES: z.coerce.number().int().min(0).max(1440).default(15),
  TRADE_FUND_PASSWORD: flag.default(false),
  /** Credit loans (issue 4): simple daily interest, and the days before a loan is overdue. */
  LOAN_RATE_DAILY: rate.default('0.0005'),
  LOAN_TERM_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** New shares (issue 13): winners paid at the draw from the frozen amount, or pay afterwards. */
  IPO_PAYMENT: z.enum(['prefunded', 'on_win']).default('on_win'),
  /** How often the IPO job looks for offers to add, draw, waive and list. */
  IPO_JOB_MS: z.coerce.number().int().min(100).max(3_600_000).default(5_000),
  /** How often the follow-products job pays the days due and returns orders at their deadline. */
  PRODUCT_JOB_MS: z.coerce.number().int().min(100).max(3_600_000).default(5_000),
  /** How often the stock-credit job accrues interest and checks maintenance ratios. */
  CREDIT_JOB_MS: z.coerce.number().int().min(100).max(3_600_000).default(5_000),
  /** How often the day-trading job starts applied participations and runs the forced flat. */
  DAYTRADE_JOB_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
  /** Live bank cards one user may bind (the audit found an account with 217). */
  BANK_CARDS_MAX: z.coerce.number().int().min(1).max(100).default(5),
  /** The trust panel: who runs the service, its registration, where client money is held. */
  OPERATOR_NAME: z.string().min(1).default('Kabu Demo Securities (simulation)'),
  OPERATOR_REGISTRATION: z
    .string()
    .min(1)
    .default('Demo only: not a registered Financial Instruments Business Operator'),
  SEGREGATED_ACCOUNT: z
    .string()
    .min(1)
    .default('Demo trust account (customer segregated money), Mizuho Trust & Banking (simulated)'),
  /** Hours a self-freeze must stand before the user may lift it. */
  SELF_FREEZE_COOLING_HOURS: z.coerce.number().int().min(0).max(8760).default(24),
  /** How long one live reconciliation is reused before the ledger is summed again. */
  TRUST_RECONCILE_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  /** Passkeys: the relying party id (a domain); unset → the host the request was sent to. */
  WEBAUTHN_RP_ID: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'a host name')
    .optional(),
  /** Passkeys: the page origins allowed to sign, comma-separated; unset → the app's own origin. */
  WEBAUTHN_ORIGINS: originList(),
  /** Passkeys: the name the phone shows when it saves one. */
  WEBAUTHN_RP_NAME: z.string().min(1).default('Kabu Mobile'),
})

export type Env = z.input<typeof envSchema>
