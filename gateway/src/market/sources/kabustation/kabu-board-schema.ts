import { z } from 'zod'

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

export const LEVELS = 10
const number = z.number().finite().nullish()
const level = z
  .object({ Price: number, Qty: number, Time: z.string().nullish(), Sign: z.string().nullish() })
  .nullish()

export type LevelName = `${'Sell' | 'Buy'}${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10}`
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
