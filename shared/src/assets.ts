import { HOLDING, holdingRows, type HoldingList } from './api/trade'
import type { Userinfo } from './api/user'
import type { MarketType } from './market/types'
import { formatUnits, parseUnits, roundUnits } from './money/decimal'

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

/** A position at the last price, in 1/10,000 units: what net assets are built from. */
export interface PositionAtMarket {
  side: 'long' | 'short'
  shares: bigint
  /** The last price (the buy price when the market has no quote). */
  price: bigint
  /** A long's cost; a short's proceeds (what it was sold for, held by the lender). */
  cost: bigint
}

/** Every part of net assets as the ledger and the market give them, in 1/10,000 units. */
export interface NetAssetParts {
  /** The `available` and `frozen` books (a short's margin sits in `frozen`). */
  cashAvailable: bigint
  cashFrozen: bigint
  positions: readonly PositionAtMarket[]
  /** The `product` book: followed products with the profit paid into them. */
  products: bigint
  /** The `intraday` book and the day-trading positions (qty and entry cost signed). */
  intraday: bigint
  intradayPositions: readonly { qty: bigint; price: bigint; cost: bigint }[]
  /** The `borrowed` and `credit` books, and interest on loans accrued but not yet booked. */
  liabilities: bigint
}

export interface NetAssets {
  /** Longs at the last price, plus each short's proceeds less its cost to cover now. */
  marketValue: bigint
  unrealizedPnl: bigint
  daytradeValue: bigint
  netAssets: bigint
}

/**
 * Net assets at market (issue 36): cash + holdings at the last price + products + day-trading
 * books − liabilities. A short adds its proceeds less its cost to cover; with its margin counted
 * in frozen cash and its borrow fees owed in the `credit` book, that is shortEquity of
 * market/credit.ts. A credit buy counts its whole value and its debt as a liability, so only its
 * margin and P/L are the user's. Unrealised P/L is before fees, as `yingkui`.
 *
 * @example netAssets({ cashAvailable: 1_000n, cashFrozen: 0n, positions: [{ side: 'long',
 *   shares: 2n, price: 30n, cost: 40n }], products: 0n, intraday: 0n, intradayPositions: [],
 *   liabilities: 10n }) // { marketValue: 60n, unrealizedPnl: 20n, daytradeValue: 0n, netAssets: 1_050n }
 */
export function netAssets(parts: NetAssetParts): NetAssets {
  let marketValue = 0n
  let unrealizedPnl = 0n
  for (const p of parts.positions) {
    const value = p.price * p.shares
    const gain = p.side === 'short' ? p.cost - value : value - p.cost
    marketValue += p.side === 'short' ? gain : value
    unrealizedPnl += gain
  }
  const daytradeValue = parts.intradayPositions.reduce(
    (sum, p) => sum + p.qty * p.price,
    parts.intraday,
  )
  const netAssets =
    parts.cashAvailable +
    parts.cashFrozen +
    marketValue +
    parts.products +
    daytradeValue -
    parts.liabilities
  return { marketValue, unrealizedPnl, daytradeValue, netAssets }
}

/**
 * The day's change: net assets now less those at the previous close, less the money deposited
 * (net of withdrawals and exchanges) since, so a deposit is not a gain. The percentage is of what
 * was at work today (the previous close's net assets plus what came in since), two decimals;
 * 0 when nothing was.
 *
 * @example dayChange({ now: 1_100n, deposits: 100n }, { net: 900n, deposits: 0n })
 * // { change: 100n, percent: '10' }
 */
export function dayChange(
  now: { net: bigint; deposits: bigint },
  previous: { net: bigint; deposits: bigint },
): { change: bigint; percent: string } {
  const since = now.deposits - previous.deposits
  const change = now.net - previous.net - since
  const base = previous.net + since
  if (base <= 0n) return { change, percent: '0' }
  // The percentage in millionths, rounded to hundredths, then in the 1/10,000 units formatUnits reads.
  const millionths = roundUnits((change * 100_000_000n) / base, 10_000n)
  return { change, percent: formatUnits(millionths / 100n) }
}

/**
 * Spec §7's cost view over the same parts, as deriveAssets computes it from the list calls: frozen
 * = frozen cash + products + day-trading books at entry + open longs at cost (a credit buy's whole
 * cost, borrowed part included; a short none); total = available + frozen; ccsz = longs at the
 * last price; fdyk = every position's unrealised P/L.
 *
 * @example costView(parts).totalAssets
 */
export function costView(parts: NetAssetParts): {
  totalAssets: bigint
  frozen: bigint
  holdingsValue: bigint
  floatingPnl: bigint
} {
  let cost = 0n
  let holdingsValue = 0n
  for (const p of parts.positions) {
    if (p.side === 'short') continue
    cost += p.cost
    holdingsValue += p.price * p.shares
  }
  const atEntry = parts.intradayPositions.reduce((sum, p) => sum + p.cost, parts.intraday)
  const frozen = parts.cashFrozen + parts.products + atEntry + cost
  const { unrealizedPnl } = netAssets(parts)
  return {
    totalAssets: parts.cashAvailable + frozen,
    frozen,
    holdingsValue,
    floatingPnl: unrealizedPnl,
  }
}
