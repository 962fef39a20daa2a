import type { Market } from '@kabu/shared/market/types'
import type { ParsedEnv } from './config-env'

/**
 * The settings of the product lines as their areas read them, each line's group from its variables
 * (config-env-products.ts, config-env-actions.ts, config-env-notifications.ts).
 */
export interface ProductSettings {
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

/** PUSH_ENDPOINT_ALLOW's origins; the VAPID keys when set, and the subject claim. */
export interface NotifySettingsConfig {
  endpointAllow: string[]
  vapid: { publicKey?: string; privateKey?: string; subject: string }
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

/** Each product line's group of settings, from the parsed environment. */
export function productSettings(e: ParsedEnv): ProductSettings {
  return {
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
