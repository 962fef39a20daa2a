import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { envSchema } from './config-env'
import { productSettings, type ProductSettings } from './config-products'
import { brokerUpstreamSettings, type BrokerUpstreamSettings } from './config-upstream'
import { parseQuoteSources, type QuoteSourceSettings } from './market/sources/settings'

// Callers import every settings type from here, wherever its group is declared.
export type {
  ActionsSettings,
  DayWindow,
  FundsSettings,
  IpoSettings,
  LoanSettings,
  NotifySettingsConfig,
  TradingSettings,
  TrustSettings,
} from './config-products'
export type { UpstreamEvents } from './config-upstream'

/**
 * The gateway's settings as the rest of it reads them: the environment (config-env.ts: names,
 * validation, defaults) parsed once at start and grouped by area, with the defaults that depend on
 * other settings (the demo's) filled in.
 */
export interface Config extends ProductSettings {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  redisUrl: string | undefined
  /** REDIS_PREFIX: this deployment's Redis keys and leader lock. */
  redisPrefix: string
  leaderRetryMs: number
  seed: number
  marketHours: 'real' | 'always'
  demo: boolean
  demoAccount: string
  demoPassword: string
  demoInvite: string
  /** The demo account's fund password (six digits), printed at start like its login. */
  demoFundPassword: string
  reviewPolicy: 'auto' | 'manual'
  autoReviewDelayMs: number
  opsToken: string
  /** OPS_REQUIRE_SECOND_FACTOR: an operator's session opened without a factor may only enrol one. */
  opsRequireSecondFactor: boolean
  /** The demo's operator accounts (seeded only in the demo). */
  demoOperators: { admin: string; reviewer: string }
  timeTravel: boolean
  /** Upstream broker mode: `/api/vue` goes to this broker; the market stays this gateway's. */
  brokerUpstream: BrokerUpstreamSettings | undefined
  /** QUOTE_SOURCE's real sources, in order; empty, the simulator alone. */
  quoteSources: QuoteSourceSettings[]
  /** What the streaming feeds carry: the grace of a released code, how often orders are read. */
  quoteDemand: { graceMs: number; brokerEveryMs: number }
  logLevel: string
  clientDir: string
  argon2: { memoryKib: number; passes: number }
  kefuUrl: string
  /** Origins besides the app's own whose pages may open its sockets. */
  allowedOrigins: string[]
  /** Express's `trust proxy` (TRUST_PROXY): unset trusts no X-Forwarded-For. */
  trustProxy: number | string | undefined
  appVersion: string
  minClientVersion: string
  idKey: string | undefined
  idDocTypes: string[]
  uploadMaxBytes: number
  uploadMaxPixels: number
  /** Live bank cards one user may bind. */
  bankCardsMax: number
  /** Price alerts one user may hold (issue 37). */
  alertsMax: number
  /** Passkeys' relying party (broker/second-factor/relying-party.ts). */
  webauthn: { rpId: string | undefined; origins: string[]; rpName: string }
}

/** Parses the environment (or a test's overrides) into a Config; throws with every problem listed. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new Error(`invalid settings: ${problems}`)
  }
  const e = parsed.data
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY)
    throw new Error('invalid settings: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together')
  // The demo is the embedded default: no DATABASE_URL means a newcomer's laptop.
  const demo = e.DEMO ?? !e.DATABASE_URL
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    leaderRetryMs: e.LEADER_RETRY_MS,
    seed: e.SEED,
    marketHours: e.MARKET_HOURS ?? (demo ? 'always' : 'real'),
    demo,
    demoAccount: e.DEMO_ACCOUNT,
    demoPassword: e.DEMO_PASSWORD,
    demoInvite: e.DEMO_INVITE,
    demoFundPassword: e.DEMO_FUND_PASSWORD,
    demoOperators: { admin: e.DEMO_ADMIN_PASSWORD, reviewer: e.DEMO_REVIEWER_PASSWORD },
    reviewPolicy: e.REVIEW_POLICY ?? (demo ? 'auto' : 'manual'),
    autoReviewDelayMs: e.AUTO_REVIEW_DELAY_MS,
    opsToken: e.OPS_TOKEN ?? randomBytes(24).toString('base64url'),
    opsRequireSecondFactor: e.OPS_REQUIRE_SECOND_FACTOR ?? !demo,
    timeTravel: e.TIME_TRAVEL,
    brokerUpstream: brokerUpstreamSettings(e),
    quoteSources: parseQuoteSources(e),
    quoteDemand: { graceMs: e.QUOTE_RELEASE_GRACE_MS, brokerEveryMs: e.QUOTE_DEMAND_REFRESH_MS },
    logLevel: e.LOG_LEVEL,
    clientDir: e.CLIENT_DIR,
    argon2: { memoryKib: e.ARGON2_MEMORY_KIB, passes: e.ARGON2_PASSES },
    kefuUrl: e.KEFU_URL,
    allowedOrigins: e.ALLOWED_ORIGINS,
    trustProxy: e.TRUST_PROXY,
    appVersion: e.APP_VERSION,
    minClientVersion: e.MIN_CLIENT_VERSION,
    idKey: e.ID_KEY,
    idDocTypes: e.ID_DOCTYPES.split(',')
      .map((d) => d.trim())
      .filter(Boolean),
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    uploadMaxPixels: e.UPLOAD_MAX_PIXELS,
    bankCardsMax: e.BANK_CARDS_MAX,
    alertsMax: e.ALERTS_MAX,
    webauthn: { rpId: e.WEBAUTHN_RP_ID, origins: e.WEBAUTHN_ORIGINS, rpName: e.WEBAUTHN_RP_NAME },
    ...productSettings(e),
  }
}
