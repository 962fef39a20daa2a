import type { CorporateAction, LocalName, Market, Quote } from '@kabu/shared/market/types'
import type { MoveFacts } from './templates'

// What the news feed can tell: the events the generator and the overview make and the facts each
// carries. Both take them from here, so the generator can use the overview's texts without the two
// importing each other.

export type NewsEventKind =
  'big_move' | 'limit_up' | 'limit_down' | 'index_move' | 'split' | 'dividend' | 'market_overview'

export interface NewsEvent {
  kind: NewsEventKind
  code: string
  market: Market
  /** The exchange's trading day the event belongs to (YYYY-MM-DD). */
  day: string
  /** When it happened (epoch ms): the print, or the ex-date's pre-market for an action. */
  at: number
  name: LocalName
  /** The price events' figures. */
  quote?: MoveFacts
  /** The corporate actions' facts. */
  action?: CorporateAction
  /** A market overview's figures. */
  overview?: OverviewFacts
}

/** A market overview's figures: its main index, breadth, best and worst stock. */
export interface OverviewFacts {
  index: Quote
  advancers: number
  decliners: number
  unchanged: number
  best: Quote
  worst: Quote
}
