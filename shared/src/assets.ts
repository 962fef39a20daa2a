import { HOLDING, holdingRows, type HoldingList } from './api/trade'
import type { Userinfo } from './api/user'
import type { MarketType } from './market/types'
import { formatUnits, parseUnits } from './money/decimal'

/** The rows of the list calls that §7 reads, as loosely as the wire gives them. */
export interface StatusMoney {
  status: number
}

export interface AssetInputs {
  /** Which wallet: `jpy` reads `userinfo.jpy` and `userinfo.jpyyjed`. */
  type: MarketType
  userinfo: Userinfo
  /** /trade/usernewstocklist rows. */
  newStocks: ReadonlyArray<StatusMoney & { rjmoney: string }>
  /** /user/withdrawallist rows. */
  withdrawals: ReadonlyArray<StatusMoney & { money: string }>
  /** /trade/userproductlist rows. */
  products: ReadonlyArray<StatusMoney & { money: string }>
  /** /trade/ustockslist rows. */
  credits: ReadonlyArray<StatusMoney & { credit: string }>
  /** /trade/userstocklist data. */
  holdings: HoldingList
  /** /trade/userblocklist rows (block requests hold their cash while pending review). */
  blocks?: ReadonlyArray<StatusMoney & { money: string }>
  /**
   * /trade/daytradelist rows: funds submitted for review are frozen cash; an approved
   * participation's intraday book plus its open positions at entry is money + pnl − fees.
   */
  daytrades?: ReadonlyArray<StatusMoney & { money: string; pnl: string; fees: string }>
}

/** Every figure of the asset overview, decimal strings in the wallet's currency. */
export interface Assets {
  available: string
  /** Spec §7 frozen assets: cash held for requests plus the cost of open holdings. */
  frozen: string
  /** The cash part of `frozen`: what the ledger's frozen book holds. */
  frozenCash: string
  /**
   * Spec §3's working funds: the rest of `frozen`, the money at work (open holdings at cost,
   * followed products and day-trading accounts as they stand), so frozen = frozenCash + this.
   */
  workingFunds: string
  totalAssets: string
  holdingsValue: string
  floatingPnl: string
  /** Money owed on loans and credit buys (`jpyyjed`): spec §3's total liabilities. */
  borrowed: string
  /** Cash a buy may use now. */
  buyingPower: string
}

/** Statuses whose amount is still held (API.md codes). */
export const HELD = {
  newStock: [1],
  withdrawal: [0],
  product: [0],
  /** Trust funds pending review (spec §7: status 0); applied ones have paid the debt down. */
  credit: [0],
  block: [0],
  daytrade: [0],
  /** Approved participations: the money sits in the intraday book and its positions. */
  intraday: [1, 4],
} as const

// A figure the wire left out (no loan yet: no `jpyyjed`) counts as zero.
const units = (text: string | undefined): bigint =>
  (text === undefined ? null : parseUnits(text, { signed: true })) ?? 0n
const sumHeld = <T extends StatusMoney>(
  rows: ReadonlyArray<T>,
  held: readonly number[],
  amount: (row: T) => string,
) => rows.reduce((sum, r) => (held.includes(r.status) ? sum + units(amount(r)) : sum), 0n)

/**
 * Spec §7 over the five list calls and getUserinfo, in exact decimal arithmetic:
 * frozen = subscriptions awaiting the draw + pending withdrawals + followed products + stock
 * credit's trust funds pending review + cash frozen for pending orders + cost of open holdings (buy_price × stock_num); block requests
 * pending review (a product line §7 does not name) count their frozen cash like a withdrawal, and
 * day-trading funds likewise while submitted, then as the intraday book and its positions at entry;
 * total assets = available + frozen; holdings value = Σ nowprice × stock_num; floating P/L = Σ
 * yingkui. Pending orders count their frozen cash, not a cost: they hold no shares yet; a buy
 * filled in part is its holding row, which shows the cash the rest still holds as its `frozen`;
 * a short (side `short`) counts its margin (its `frozen`) and its P/L, and no cost or value.
 *
 * @example deriveAssets({ type: 'jpy', userinfo, newStocks: [], withdrawals: [], products: [],
 *   credits: [], holdings }).totalAssets
 */
export function deriveAssets(input: AssetInputs): Assets {
  const available = units(input.userinfo[input.type])
  const borrowed = units(input.userinfo[`${input.type}yjed`])
  let orderCash = 0n
  let cost = 0n
  let value = 0n
  let pnl = 0n
  for (const h of holdingRows(input.holdings)) {
    // A pending order's cash, and on a holding the cash its partly filled buy still holds.
    orderCash += units(h.frozen)
    if (h.status === HOLDING.pending) continue
    if (h.status !== HOLDING.holding && h.status !== HOLDING.closing) continue
    pnl += units(h.yingkui)
    // A short owns no shares: the user's money in it is its margin, counted as `frozen` above.
    if (h.side === 'short') continue
    cost += units(h.buy_price) * BigInt(h.stock_num)
    value += units(h.nowprice) * BigInt(h.stock_num)
  }
  const frozenCash =
    sumHeld(input.newStocks, HELD.newStock, (r) => r.rjmoney) +
    sumHeld(input.withdrawals, HELD.withdrawal, (r) => r.money) +
    sumHeld(input.blocks ?? [], HELD.block, (r) => r.money) +
    sumHeld(input.daytrades ?? [], HELD.daytrade, (r) => r.money) +
    // Trust funds waiting for review sit in the ledger's frozen book too.
    sumHeld(input.credits, HELD.credit, (r) => r.credit) +
    orderCash
  const workingFunds =
    sumHeld(input.products, HELD.product, (r) => r.money) +
    sumHeld(input.daytrades ?? [], HELD.intraday, (r) =>
      formatUnits(units(r.money) + units(r.pnl) - units(r.fees)),
    ) +
    cost
  const frozen = frozenCash + workingFunds
  return {
    available: formatUnits(available),
    frozen: formatUnits(frozen),
    frozenCash: formatUnits(frozenCash),
    workingFunds: formatUnits(workingFunds),
    totalAssets: formatUnits(available + frozen),
    holdingsValue: formatUnits(value),
    floatingPnl: formatUnits(pnl),
    borrowed: formatUnits(borrowed),
    buyingPower: formatUnits(available),
  }
}
