import type { BookLevel } from '@kabu/shared/market/depth'
import type { FeedUpdate } from '../stream-feed'
import { isKabuBoard } from './kabu-board-check'
import { kabuBoardSchema, LEVELS, type KabuBoard, type LevelName } from './kabu-board-schema'

// The board's shape and its naming trap: kabu-board-schema.ts.
export { kabuBoardSchema, type KabuBoard }

// Named once: a board comes with every print of every registered code.
const SELL_NAMES = Array.from({ length: LEVELS }, (_, i) => `Sell${i + 1}` as LevelName)
const BUY_NAMES = Array.from({ length: LEVELS }, (_, i) => `Buy${i + 1}` as LevelName)

/** A board's levels of one side, best first, without empty ones. */
function side(board: KabuBoard, names: readonly LevelName[]): BookLevel[] {
  const levels: BookLevel[] = []
  for (const name of names) {
    const at = board[name]
    if (at?.Price && at.Price > 0) levels.push({ price: at.Price, size: Math.max(0, at.Qty ?? 0) })
  }
  return levels
}

/** Whether levels are already as the stable sort would leave them: prices rising (1) or falling (-1). */
function inOrder(levels: readonly BookLevel[], direction: 1 | -1): boolean {
  for (let i = 1; i < levels.length; i++) {
    if ((levels[i]!.price - levels[i - 1]!.price) * direction < 0) return false
  }
  return true
}

/** Our asks (offers to sell, lowest first) and bids (highest first) from a board. */
export function boardLevels(board: KabuBoard): { bids: BookLevel[]; asks: BookLevel[] } {
  let asks = side(board, SELL_NAMES)
  let bids = side(board, BUY_NAMES)
  // Without numbered levels, the reversed pair: BidPrice is the best ask, AskPrice the best bid.
  if (asks.length === 0 && board.BidPrice)
    asks = [{ price: board.BidPrice, size: board.BidQty ?? 0 }]
  if (bids.length === 0 && board.AskPrice)
    bids = [{ price: board.AskPrice, size: board.AskQty ?? 0 }]
  // A board comes in order; the sort (which copies) is for one that does not.
  if (!inOrder(asks, 1)) asks.sort((a, b) => a.price - b.price)
  if (!inOrder(bids, -1)) bids.sort((a, b) => b.price - a.price)
  return { bids, asks }
}

/**
 * A board as a feed update of its code: a print when it has a current price and its time, and its
 * book. Ordered by the current price's time, then the day's volume (both only grow within a day);
 * `key` is the message's text, so a board sent twice is seen as one.
 */
export function boardUpdate(board: KabuBoard, text: string): FeedUpdate {
  const time = board.CurrentPriceTime ? Date.parse(board.CurrentPriceTime) : NaN
  const volume = board.TradingVolume ?? 0
  const priced = board.CurrentPrice != null && board.CurrentPrice > 0 && Number.isFinite(time)
  return {
    code: board.Symbol,
    channel: 'board',
    order: [Number.isFinite(time) ? time : 0, volume],
    key: text,
    ...(priced && {
      tick: {
        code: board.Symbol,
        price: board.CurrentPrice!,
        time,
        ...(board.TradingVolume != null && { dayVolume: board.TradingVolume }),
        ...(board.PreviousClose != null && { prevClose: board.PreviousClose }),
      },
    }),
    book: { ...boardLevels(board), vwap: board.VWAP ?? null },
  }
}

/** A message's text as a board update, or why it is not one. */
export function parseBoard(text: string): FeedUpdate | string {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return 'not JSON'
  }
  return boardOf(json, text)
}

/**
 * Parsed JSON as a board update, or why it is not one: the hand check first (kabu-board-check.ts),
 * the schema only for what that check does not pass.
 */
export function boardOf(json: unknown, text: string): FeedUpdate | string {
  if (isKabuBoard(json)) return boardUpdate(json, text)
  const parsed = kabuBoardSchema.safeParse(json)
  if (!parsed.success) return parsed.error.issues.map((i) => i.path.join('.')).join(', ')
  return boardUpdate(parsed.data, text)
}
