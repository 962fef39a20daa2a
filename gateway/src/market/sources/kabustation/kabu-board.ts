import type { BookLevel } from '@kabu/shared/market/depth'
import { z } from 'zod'
import type { FeedUpdate } from '../stream-feed'
import { isKabuBoard } from './kabu-board-check'

/*
 * kabu STATION's board (時価情報・板情報), as `GET /board/{symbol}@{exchange}` answers it and as its
 * PUSH WebSocket sends it, one JSON object per message (kabucom/kabusapi
 * reference/kabu_STATION_API.yaml, `BoardSuccess`; ptal/push.html). Fields may be null (a code
 * that has not traded today has no CurrentPrice); everything we do not read passes unchecked.
 *
 * Its naming trap (the yaml's own warning, MARKET-RULES §11): `BidPrice`/`BidQty` is the best
 * SELL quote (売気配, = Sell1) and `AskPrice`/`AskQty` the best BUY quote (買気配, = Buy1), the
 * reverse of the usual meaning. We read Sell1…Sell10 as our asks and Buy1…Buy10 as our bids, and
 * fall back on the reversed pair only where the numbered levels are missing.
 */

const LEVELS = 10
const number = z.number().finite().nullish()
const level = z
  .object({ Price: number, Qty: number, Time: z.string().nullish(), Sign: z.string().nullish() })
  .nullish()

type LevelName = `${'Sell' | 'Buy'}${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10}`
const levelFields = Object.fromEntries(
  Array.from({ length: LEVELS }, (_, i) => [
    [`Sell${i + 1}`, level],
    [`Buy${i + 1}`, level],
  ]).flat(),
) as Record<LevelName, typeof level>

export const kabuBoardSchema = z
  .object({
    Symbol: z.string().min(1),
    SymbolName: z.string().nullish(),
    Exchange: z.number().nullish(),
    CurrentPrice: number,
    CurrentPriceTime: z.string().nullish(),
    CurrentPriceChangeStatus: z.string().nullish(),
    PreviousClose: number,
    OpeningPrice: number,
    HighPrice: number,
    LowPrice: number,
    TradingVolume: number,
    TradingValue: number,
    VWAP: number,
    // Reversed naming: Bid* is the best sell quote, Ask* the best buy quote.
    BidPrice: number,
    BidQty: number,
    AskPrice: number,
    AskQty: number,
    ...levelFields,
  })
  .passthrough()

export type KabuBoard = z.infer<typeof kabuBoardSchema>

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
