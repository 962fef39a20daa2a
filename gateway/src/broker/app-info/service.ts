import { CREDIT_RULES } from '@kabu/shared/market/credit'
import { LOT } from '@kabu/shared/market/listings/build'
import type { Kysely } from 'kysely'
import type { ConfigEntry, VersionInfo } from '@kabu/shared/api/common'
import type { Config } from '../../config'
import type { Database } from '../../store/index'

export interface CommonDeps {
  db: Kysely<Database>
  config: Pick<
    Config,
    | 'kefuUrl'
    | 'appVersion'
    | 'minClientVersion'
    | 'demo'
    | 'demoAccount'
    | 'demoPassword'
    | 'demoFundPassword'
    | 'timeTravel'
    | 'idDocTypes'
    | 'funds'
    | 'trading'
  >
  /** Whether quotes come from the simulator right now (the client labels them as such). */
  quotesSimulated: () => boolean
  /** The VAPID public key browsers subscribe to push with (undefined until the keys are read). */
  vapidPublicKey?: () => string | undefined
}

export type CommonService = ReturnType<typeof createCommonService>

/** What the client needs before anything else: settings it shows or obeys, and version checks. */
export function createCommonService({ db, config, quotesSimulated, vapidPublicKey }: CommonDeps) {
  function defaults(): Map<string, string> {
    const entries = new Map<string, string>([
      ['version', config.appVersion],
      ['min_client', config.minClientVersion],
      // Spec §9's lot of 100 shares is the default market's (Japan); a US share trades singly
      // (MARKET-RULES), so each market's lot is said too, as each listing carries it.
      ['lot', String(LOT.jp)],
      ['lot_jpy', String(LOT.jp)],
      ['lot_usd', String(LOT.us)],
      ['lot_cny', String(LOT.cn)],
      ['sell_lock_minutes', String(config.trading.sellLockMinutes)],
      ['markets', 'jpy,usd,cny'],
      ['default_market', 'jpy'],
      ['quotes_simulated', quotesSimulated() ? '1' : '0'],
      ['demo', config.demo ? '1' : '0'],
      ['time_travel', config.timeTravel ? '1' : '0'],
      // The identity documents accepted (ID_DOCTYPES), so the form offers only those.
      ['id_doctypes', config.idDocTypes.join(',')],
      // The published money rules (API.md): what the deposit and withdrawal screens state.
      ['deposit_min_jpy', config.funds.depositMinJpy],
      ['deposit_max_unverified_jpy', config.funds.depositMaxUnverifiedJpy],
      ['deposit_max_verified_jpy', config.funds.depositMaxVerifiedJpy],
      ['deposit_window', config.funds.depositWindow],
      ['withdraw_min_jpy', config.funds.withdrawMinJpy],
      ['withdraw_window', config.funds.withdrawWindow],
      ['fx_spread', config.funds.fxSpread],
      // The trading rules the buy panel states (issue 4); sell_lock_minutes above is the default.
      ['buy_fee_rate', config.trading.buyFeeRate],
      ['sell_fee_rate', config.trading.sellFeeRate],
      ['cn_stamp_duty_rate', config.trading.cnStampDutyRate],
      ['trade_fund_password', config.trading.fundPasswordToBuy ? '1' : '0'],
      // An order's longest validity (ORDER_GTD_DAYS): the ticket's validity picker offers as many.
      ['order_gtd_days', String(config.trading.orderGtdDays)],
      // Stock credit's published rules (shared/market/credit.ts): the buy panel states them.
      ['leverage_choices', CREDIT_RULES.leverageChoices.join(',')],
      ['credit_annual_rate', CREDIT_RULES.annualRate],
      ['credit_maintenance_ratio', CREDIT_RULES.maintenanceRatio],
      ['credit_call_days', String(CREDIT_RULES.callDays)],
      ['credit_borrow_fee_rate', config.trading.borrowFeeRate],
      // The least 委託保証金 to open credit on the Japanese market: both credit tickets state it.
      ['credit_min_margin_jpy', config.trading.creditMinMarginJpy],
      // The short-sale price restriction (空売り価格規制): the short ticket states it.
      ['short_price_rule_fall', config.trading.shortPriceRule.fall],
      ['short_price_rule_exempt_units', String(config.trading.shortPriceRule.exemptUnits)],
    ])
    // In the demo the login screen offers its account (the start banner prints the same).
    if (config.demo) {
      entries.set('demo_account', config.demoAccount)
      entries.set('demo_password', config.demoPassword)
      entries.set('demo_fund_password', config.demoFundPassword)
    }
    // No link configured means no entry: the client then says the link was not obtained.
    if (config.kefuUrl) entries.set('kefu', config.kefuUrl)
    const vapid = vapidPublicKey?.()
    if (vapid) entries.set('vapid_public_key', vapid)
    return entries
  }

  return {
    /** The defaults, overridden or extended by what an operator stored in `settings`. */
    async configEntries(): Promise<ConfigEntry[]> {
      const entries = defaults()
      const stored = await db.selectFrom('settings').select(['name', 'value']).execute()
      for (const { name, value } of stored) entries.set(name, value)
      return [...entries].map(([name, value]) => ({ name, value }))
    },

    version(): VersionInfo {
      return { version: config.appVersion, min_client: config.minClientVersion }
    },
  }
}
