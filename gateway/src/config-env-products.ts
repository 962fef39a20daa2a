import { z } from 'zod'
import { dailyWindow, dayWindow, flag, originList, rate, yen } from './config-env-values'

/**
 * The settings of the product lines (money in and out, trading, loans, new shares, the jobs, the
 * trust panel, passkeys): the second half of the gateway's environment, which config-env.ts joins.
 */
/** How often a product line's job runs a pass (milliseconds). */
const jobEveryMs = z.coerce.number().int().min(100).max(3_600_000).default(5_000)

export const productsEnvSchema = z.object({
  // Deposits, withdrawals, exchange: yen amounts; other wallets convert at reference rates.
  DEPOSIT_MIN_JPY: yen
    .default('1')
    .describe(
      "Smallest deposit, whole yen; USD and CNY wallets use the equivalent at the FX source's fixed reference rate (rounded up to the cent).",
    ),
  DEPOSIT_MAX_UNVERIFIED_JPY: yen
    .default('500000')
    .describe(
      'Largest deposit before identity is verified, whole yen (other wallets: reference-rate equivalent, rounded down).',
    ),
  DEPOSIT_MAX_VERIFIED_JPY: yen
    .default('10000000000')
    .describe('Largest deposit once identity is verified, whole yen (other wallets likewise).'),
  DEPOSIT_WINDOW: dailyWindow
    .default('00:00-23:59')
    .describe(
      'When deposits are accepted, Tokyo time, on Japanese bank business days (end minute included).',
    ),
  DEPOSIT_PAYEE: z
    .string()
    .min(1)
    .default('ｶﾌﾞﾓﾊﾞｲﾙｼｮｳｹﾝ(ｶ')
    .describe("Payee of the broker's bank account that `/user/rechargeChannels` shows."),
  DEPOSIT_BANK: z
    .string()
    .min(1)
    .default('みずほ銀行 (0001)')
    .describe("Bank of the broker's account that `/user/rechargeChannels` shows."),
  DEPOSIT_BRANCH: z
    .string()
    .min(1)
    .default('本店営業部 (001)')
    .describe("Branch of the broker's account that `/user/rechargeChannels` shows."),
  DEPOSIT_ACCOUNT: z
    .string()
    .min(1)
    .default('普通 1234567')
    .describe("The broker's account number that `/user/rechargeChannels` shows."),
  WITHDRAW_MIN_JPY: yen
    .default('10000')
    .describe(
      'Smallest withdrawal, whole yen (other wallets: reference-rate equivalent, rounded up).',
    ),
  WITHDRAW_WINDOW: dailyWindow
    .default('09:00-15:30')
    .describe(
      'When withdrawals are accepted, Tokyo time, on Japanese bank business days (not weekends, national holidays, Dec 31–Jan 3; end minute included).',
    ),
  FOUR_EYES_WITHDRAW_ABOVE: z
    .union([z.literal(''), yen])
    .default('')
    .describe(
      'Whole yen; a withdrawal above it (other wallets: the same yen at the reference rate) is paid only after two different operators approve it. `OPS_TOKEN` counts as one approver, and `REVIEW_POLICY=auto` leaves such withdrawals to people. Empty: off.',
    ),
  FX_SPREAD: z
    .string()
    .regex(/^0(\.\d{1,4})?$/)
    .default('0.002')
    .describe('Fraction taken off the mid rate in `/user/exchange` (0 ≤ spread < 1).'),
  TRADE_BUY_FEE_RATE: rate
    .default('0.001')
    .describe('Stock buy fee, a fraction of the traded value (rounded down to the yen or cent).'),
  TRADE_SELL_FEE_RATE: rate
    .default('0.001')
    .describe('Stock sell fee, a fraction of the traded value (rounded down to the yen or cent).'),
  CN_STAMP_DUTY_RATE: rate
    .default('0.0005')
    .describe('Stamp duty on China sells, a fraction of the proceeds.'),
  CREDIT_BORROW_FEE_RATE: rate
    .default('0.0115')
    .describe(
      "A short sale's borrow fee (貸株料) a year, a fraction of its proceeds, accrued each calendar day and rounded down to the yen or cent; online brokers publish about 1.1–1.15 % for 制度信用 (MARKET-RULES.md §8).",
    ),
  CREDIT_MIN_MARGIN_JPY: yen
    .default('300000')
    .describe(
      "委託保証金の最低額, whole yen: a new credit buy or short sale on the Japanese market is refused (`credit_min_margin`) while the user's 委託保証金 is below it, where 委託保証金 = the yen wallet's available cash before the trade + the user's own money in their open credit positions (each credit buy's and each short's margin paid at opening plus the trust funds applied to it since); pending trust-funds requests, cash holdings and other wallets do not count. Checked in the trade's transaction. ¥300,000 as MARKET-RULES.md §8 gives it [unverified: a setting]. Published as `credit_min_margin_jpy`.",
    ),
  SHORT_PRICE_RULE_FALL: rate
    .default('0.1')
    .describe(
      "空売り価格規制 (the Cabinet Office Order on Restrictions on Short Selling, since 2013-11-05): once a Japanese stock's price has fallen this fraction or more below its base price (the previous close, adjusted for the day's splits and dividends; the day's low is what is compared), a short sale of more than SHORT_PRICE_RULE_EXEMPT_UNITS trading units is refused (`short_price_restricted`) for the rest of that day and the next trading day: the rule forbids shorts at or below the last price, and ours sell at it. The day before is read from the daily bars. Published as `short_price_rule_fall`.",
    ),
  SHORT_PRICE_RULE_EXEMPT_UNITS: z.coerce
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .default(50)
    .describe(
      "Short sales of at most this many trading units (shares ÷ the listing's lot) are exempt from the short-sale price restriction (SHORT_PRICE_RULE_FALL), as the rule exempts orders of 50 units or less. Published as `short_price_rule_exempt_units`.",
    ),
  SELL_LOCK_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(1440)
    .default(15)
    .describe('A holding cannot be sold sooner after its fill (`sell_after_15_minutes`).'),
  TRADE_FUND_PASSWORD: flag.prefault('0').describe('1: `/trade/buy` asks for the fund password.'),
  ORDER_GTD_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(60)
    .default(15)
    .describe(
      "The longest validity of an order (`validity` of `/trade/buy` and `/trade/sell`), in the market's business days counting the order's own day; SBI's is 15 (MARKET-RULES.md §8). Longer: `validity_too_long`.",
    ),
  ORDER_PARTIAL_LAPSES: flag
    .prefault('1')
    .describe(
      '1: a dated order filled in part lapses at the close of the day it first filled, as at SBI and MUFG; 0: its rest stays in the book to its date, as at t-stockhouse (MARKET-RULES.md §8).',
    ),
  ORDER_JOB_MS: jobEveryMs.describe(
    "How often the orders job lapses working orders whose validity has ended (a day order at its close, a dated one at its last day's close), returning the cash a buy froze.",
  ),
  LOAN_RATE_DAILY: rate
    .default('0.0005')
    .describe(
      'Credit-loan simple interest a day, a fraction (0.0005 = 0.05 %/day; every started day counts), shown on `/mine/loan`.',
    ),
  LOAN_TERM_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(30)
    .describe('Days a loan may run; unpaid after that it is overdue (score −50, limit 0).'),
  IPO_PAYMENT: z
    .enum(['prefunded', 'on_win'])
    .default('on_win')
    .describe(
      'New shares: `prefunded` pays winners at the draw from the amount frozen when they applied; `on_win` returns every frozen amount at the draw and winners pay (`/trade/newstockPay`) by the payment deadline, after which their shares lapse.',
    ),
  // Block trades (立会外分売): the simulator's daily order windows, each in its market's own zone.
  BLOCK_WINDOW_JP: dayWindow
    .prefault('08:20-08:45')
    .describe(
      "Order window of the simulator's TSE block offers (立会外分売), Tokyo time, on each TSE trading day, before the open; each is announced (listed as upcoming) from the trading day before. 08:20–08:45 is usual at Japanese brokers [unverified: a setting].",
    ),
  BLOCK_WINDOW_US: dayWindow
    .prefault('08:00-09:00')
    .describe(
      "Order window of the simulator's US block offers, New York time, on each NYSE trading day, before the 09:30 open; announced the trading day before [unverified: a setting].",
    ),
  BLOCK_WINDOW_CN: dayWindow
    .prefault('15:00-15:30')
    .describe(
      "Order window of the simulator's China block offers, Shanghai time, on each SSE trading day, after the 15:00 close; announced the trading day before [unverified: a setting].",
    ),
  IPO_JOB_MS: jobEveryMs.describe(
    "How often the IPO job adds the simulator's offers (demo), draws offers at their lottery time, lapses winners left unpaid past the deadline and turns paid shares into holdings on listing day.",
  ),
  PRODUCT_JOB_MS: jobEveryMs.describe(
    "How often the follow-products job pays each trading day's profit that came due, returns orders at their deadline and (demo) writes the period's simulated products.",
  ),
  CREDIT_JOB_MS: jobEveryMs.describe(
    "How often the stock-credit job accrues each calendar day's interest, makes or lifts margin calls and closes positions whose call is unmet at its deadline (rules: shared/src/market/credit.ts).",
  ),
  ASSETS_JOB_MS: jobEveryMs
    .default(60_000)
    .describe(
      "How often the valuation job looks for a market close that has passed and writes every user's net assets and net deposits at it (one row per user, wallet and close; /user/assetHistory).",
    ),
  DAYTRADE_JOB_MS: z.coerce
    .number()
    .int()
    .min(50)
    .max(60_000)
    .default(1_000)
    .describe(
      "How often the day-trading job starts approved participations at their day's open and runs the forced flat and settlement of those whose close has come.",
    ),
  // The audit found an account with 217 cards.
  BANK_CARDS_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(5)
    .describe(
      'Live bank cards one user may bind; one more is refused with `bank_cards_limit` until one is removed.',
    ),
  ALERTS_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .max(500)
    .default(50)
    .describe(
      'Price alerts one user may hold (active, triggered or paused); one more is refused with `alerts_limit` until one is deleted.',
    ),
  OPERATOR_NAME: z
    .string()
    .min(1)
    .default('Kabu Demo Securities (simulation)')
    .describe('Who runs the service, as the trust panel (`/mine/trust`) names it.'),
  OPERATOR_REGISTRATION: z
    .string()
    .min(1)
    .default('Demo only: not a registered Financial Instruments Business Operator')
    .describe(
      "The operator's registration (e.g. `関東財務局長（金商）第0000号`), shown on the trust panel.",
    ),
  SEGREGATED_ACCOUNT: z
    .string()
    .min(1)
    .default('Demo trust account (customer segregated money), Mizuho Trust & Banking (simulated)')
    .describe('Where client money is held (the segregated account), shown on the trust panel.'),
  SELF_FREEZE_COOLING_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(8760)
    .default(24)
    .describe(
      "The published cooling-off period: a user's own freeze of withdrawals and/or trading (`/user/selfFreeze`) can be lifted (`/user/selfUnfreeze`) only this many hours after it began.",
    ),
  TRUST_RECONCILE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600_000)
    .default(10_000)
    .describe(
      "How long the trust panel's live reconciliation (every ledger account summed) is reused before it is computed again.",
    ),
  WEBAUTHN_RP_ID: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'a host name')
    .optional()
    .describe(
      "Passkeys' relying party id, a domain (`example.com` lets `app.example.com` and `example.com` share passkeys); passkeys made under one id do not work under another. Unset: the host name the request was sent to (open the app on `localhost` or a domain: an IP address works only outside browsers).",
    ),
  WEBAUTHN_ORIGINS: originList().describe(
    "Page origins allowed to sign with a passkey, comma-separated; set it, with WEBAUTHN_RP_ID, behind a proxy that rewrites Host. Unset: the page's own origin (its Origin header when its host is the request's Host).",
  ),
  WEBAUTHN_RP_NAME: z
    .string()
    .min(1)
    .default('Kabu Mobile')
    .describe(
      'The name the phone shows when it saves a passkey, and the issuer of authenticator-app (TOTP) entries.',
    ),
})
