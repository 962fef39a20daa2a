import { randomBytes } from 'node:crypto'
import path from 'node:path'
import type { Market } from '@kabu/shared/market/types'
import { envSchema } from './config-env'
import { parseQuoteSources, type QuoteSourceSettings } from './market/sources/settings'

/** PUSH_ENDPOINT_ALLOW's origins; the VAPID keys when set, and the subject claim. */
export interface NotifySettingsConfig {
  endpointAllow: string[]
  vapid: { publicKey?: string; privateKey?: string; subject: string }
}

/**
 * The gateway's settings as the rest of it reads them: the environment (config-env.ts: names,
 * validation, defaults) parsed once at start and grouped by area, with the defaults that depend on
 * other settings (the demo's) filled in.
 */
export interface Config {
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
  brokerUpstream:
    | {
        url: string
        timeoutMs: number
        /** Where `/user` is relayed (BROKER_UPSTREAM_EVENTS); undefined: refused (`off`). */
        events: UpstreamEvents | undefined
      }
    | undefined
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
  funds: FundsSettings
  trading: TradingSettings
  loans: LoanSettings
  ipo: IpoSettings
  /** Block trades: the simulator's daily order window of each market, in its own zone. */
  block: { windows: Record<Market, DayWindow> }
  /** Follow products: the period of their job (days paid, deadlines, the demo's products). */
  products: { jobMs: number }
  /** Notifications and Web Push (issue 37). */
  notify: NotifySettingsConfig
  /** Day trading: the period of its job (trading starts, the forced flat at the close). */
  daytrade: { jobMs: number }
  /** Valuation: the period of the job writing each market close's net assets (issue 36). */
  assets: { jobMs: number }
  /** Corporate actions reaching holders (issue 36): payment lags, foreign tax, the job's period. */
  actions: ActionsSettings
  trust: TrustSettings
}

/** Settings of the trust panel (issue 17). */
export interface TrustSettings {
  operator: string
  registration: string
  segregatedAccount: string
  selfFreezeCoolingHours: number
  reconcileMs: number
}

/** A window inside a local day: minutes after local midnight, the close exclusive. */
export interface DayWindow {
  open: number
  close: number
}

/** Settings of new shares (issue 13). */
export interface IpoSettings {
  /** `prefunded`: winners pay at the draw from their frozen amount; `on_win`: they pay after. */
  payment: 'prefunded' | 'on_win'
  /** Period of the IPO job (simulated offers, draws at the lottery time, deadlines, listings). */
  jobMs: number
}

/** Settings of corporate actions; rates are decimal fractions as strings. */
export interface ActionsSettings {
  payLagDays: Record<'jp' | 'us' | 'cn', number>
  foreignTax: Record<'jp' | 'us' | 'cn', string>
  jobMs: number
}

/** Settings of credit loans (issue 4). */
export interface LoanSettings {
  /** Simple interest a day, a decimal fraction as text: '0.0005' is 0.05 %. */
  rateDaily: string
  termDays: number
}

/** Settings of stock orders (issue 4); rates are decimal fractions as strings. */
export interface TradingSettings {
  buyFeeRate: string
  sellFeeRate: string
  /** China only, on sells. */
  cnStampDutyRate: string
  /** CREDIT_BORROW_FEE_RATE: a short sale's borrow fee a year (shared/market/credit.ts). */
  borrowFeeRate: string
  /** CREDIT_MIN_MARGIN_JPY: the least 委託保証金 to open credit in Japan, whole yen (credit-minimum.ts). */
  creditMinMarginJpy: string
  /** SHORT_PRICE_RULE_*: the short-sale price restriction (short-price-rule.ts). */
  shortPriceRule: { fall: string; exemptUnits: number }
  sellLockMinutes: number
  /** Whether /trade/buy asks for the fund password. */
  fundPasswordToBuy: boolean
  /** CREDIT_JOB_MS: the stock-credit job's period (interest, margin calls, liquidation). */
  creditJobMs: number
  /** ORDER_GTD_DAYS: the longest validity of an order, in business days counting its first. */
  orderGtdDays: number
  /** ORDER_PARTIAL_LAPSES: a dated order filled in part lapses at that day's close. */
  partialLapsesAtClose: boolean
  /** ORDER_JOB_MS: the period of the job that lapses orders past their validity. */
  orderJobMs: number
}

/** Settings of deposits, withdrawals and exchange; yen amounts are whole-yen decimal strings. */
export interface FundsSettings {
  depositMinJpy: string
  depositMaxUnverifiedJpy: string
  depositMaxVerifiedJpy: string
  depositWindow: string
  depositPayee: string
  depositBank: string
  depositBranch: string
  depositAccount: string
  withdrawMinJpy: string
  withdrawWindow: string
  /** Yen; a withdrawal above it needs two different operators' approvals. Undefined: off. */
  fourEyesWithdrawAboveJpy?: string
  fxSpread: string
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
    brokerUpstream: e.BROKER_UPSTREAM
      ? {
          url: e.BROKER_UPSTREAM,
          timeoutMs: e.BROKER_UPSTREAM_TIMEOUT_MS,
          events: upstreamEvents(e.BROKER_UPSTREAM, e.BROKER_UPSTREAM_EVENTS),
        }
      : undefined,
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
    funds: {
      depositMinJpy: e.DEPOSIT_MIN_JPY,
      depositMaxUnverifiedJpy: e.DEPOSIT_MAX_UNVERIFIED_JPY,
      depositMaxVerifiedJpy: e.DEPOSIT_MAX_VERIFIED_JPY,
      depositWindow: e.DEPOSIT_WINDOW,
      depositPayee: e.DEPOSIT_PAYEE,
      depositBank: e.DEPOSIT_BANK,
      depositBranch: e.DEPOSIT_BRANCH,
      depositAccount: e.DEPOSIT_ACCOUNT,
      withdrawMinJpy: e.WITHDRAW_MIN_JPY,
      withdrawWindow: e.WITHDRAW_WINDOW,
      fourEyesWithdrawAboveJpy: e.FOUR_EYES_WITHDRAW_ABOVE || undefined,
      fxSpread: e.FX_SPREAD,
    },
    trading: {
      buyFeeRate: e.TRADE_BUY_FEE_RATE,
      sellFeeRate: e.TRADE_SELL_FEE_RATE,
      cnStampDutyRate: e.CN_STAMP_DUTY_RATE,
      borrowFeeRate: e.CREDIT_BORROW_FEE_RATE,
      creditMinMarginJpy: e.CREDIT_MIN_MARGIN_JPY,
      shortPriceRule: {
        fall: e.SHORT_PRICE_RULE_FALL,
        exemptUnits: e.SHORT_PRICE_RULE_EXEMPT_UNITS,
      },
      sellLockMinutes: e.SELL_LOCK_MINUTES,
      fundPasswordToBuy: e.TRADE_FUND_PASSWORD,
      creditJobMs: e.CREDIT_JOB_MS,
      orderGtdDays: e.ORDER_GTD_DAYS,
      partialLapsesAtClose: e.ORDER_PARTIAL_LAPSES,
      orderJobMs: e.ORDER_JOB_MS,
    },
    loans: { rateDaily: e.LOAN_RATE_DAILY, termDays: e.LOAN_TERM_DAYS },
    ipo: { payment: e.IPO_PAYMENT, jobMs: e.IPO_JOB_MS },
    block: { windows: { jp: e.BLOCK_WINDOW_JP, us: e.BLOCK_WINDOW_US, cn: e.BLOCK_WINDOW_CN } },
    products: { jobMs: e.PRODUCT_JOB_MS },
    notify: {
      endpointAllow: e.PUSH_ENDPOINT_ALLOW,
      vapid: {
        publicKey: e.VAPID_PUBLIC_KEY,
        privateKey: e.VAPID_PRIVATE_KEY,
        subject: e.VAPID_SUBJECT,
      },
    },
    daytrade: { jobMs: e.DAYTRADE_JOB_MS },
    assets: { jobMs: e.ASSETS_JOB_MS },
    actions: {
      payLagDays: {
        jp: e.DIVIDEND_PAY_DAYS_JP,
        us: e.DIVIDEND_PAY_DAYS_US,
        cn: e.DIVIDEND_PAY_DAYS_CN,
      },
      foreignTax: { jp: '0', us: e.DIVIDEND_FOREIGN_TAX_US, cn: e.DIVIDEND_FOREIGN_TAX_CN },
      jobMs: e.ACTIONS_JOB_MS,
    },
    trust: {
      operator: e.OPERATOR_NAME,
      registration: e.OPERATOR_REGISTRATION,
      segregatedAccount: e.SEGREGATED_ACCOUNT,
      selfFreezeCoolingHours: e.SELF_FREEZE_COOLING_HOURS,
      reconcileMs: e.TRUST_RECONCILE_MS,
    },
  }
}

/** Where a gateway in upstream mode relays `/user`: the broker's socket.io, as socket.io-client takes it. */
export interface UpstreamEvents {
  /** `https://broker.example`: the namespace is appended to it. */
  origin: string
  /** The engine's path on that origin (socket.io's default `/socket.io`). */
  path: string
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
