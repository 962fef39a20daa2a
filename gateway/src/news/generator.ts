import type { NewsCategory } from '@kabu/shared/api/news'
import type { CorporateAction, LocalName, Market, Quote } from '@kabu/shared/market/types'
import { epochAtLocal, localDate } from '@kabu/shared/market/time-zone'
import { bigMoveTexts, corporateTexts, indexMoveTexts, limitTexts, type Texts } from './templates'
import type { NewsEvent, NewsEventKind } from './events'
import { overviewTexts } from './overview'

/**
 * Market events → articles, with no I/O: what the simulator's prints and corporate actions are
 * worth telling, in three languages, each with the key that makes it one article per code, event
 * kind and trading day.
 */

/** A stock moving this much (percent, either way) within a session is news. */
export const BIG_MOVE_PCT = 5
/** An index moving this much (percent) is news. */
export const INDEX_MOVE_PCT = 1

/** An article ready to store. */
export interface DraftArticle extends Texts {
  category: NewsCategory
  code: string
  dedupeKey: string
  simulated: boolean
  created: number
}

const CATEGORY: Record<NewsEventKind, NewsCategory> = {
  big_move: 'stock',
  limit_up: 'stock',
  limit_down: 'stock',
  index_move: 'index',
  split: 'corporate',
  dividend: 'corporate',
  market_overview: 'market',
}

/** Pre-market on the ex-date, local time: when an action's article is dated. */
const ACTION_NEWS_MINUTE = 8 * 60

export const dedupeKeyOf = (e: Pick<NewsEvent, 'kind' | 'code' | 'day'>) =>
  `${e.kind}:${e.code}:${e.day}`

/** The trading day of a quote: prints happen inside a session, so their local date is the day. */
export const tradingDayOf = (quote: Pick<Quote, 'market' | 'time'>) =>
  localDate(quote.market, quote.time)

/** The price events one quote shows: a big move, a price limit reached, an index move. */
export function eventsOfQuote(quote: Quote, day = tradingDayOf(quote)): NewsEvent[] {
  if (!(quote.prevClose > 0) || !(quote.price > 0)) return []
  const base = { code: quote.code, market: quote.market, day, at: quote.time, name: quote.name }
  const at = (kind: NewsEventKind): NewsEvent => ({ ...base, kind, quote })
  const move = Math.abs(quote.changePct)
  if (quote.kind === 'index') return move >= INDEX_MOVE_PCT ? [at('index_move')] : []
  const events: NewsEvent[] = []
  if (move >= BIG_MOVE_PCT) events.push(at('big_move'))
  // Prices sit on the tick grid, so reaching a limit is equality (≥ also covers a stale limit).
  if (quote.limitUp !== null && quote.price >= quote.limitUp) events.push(at('limit_up'))
  if (quote.limitDown !== null && quote.price <= quote.limitDown) events.push(at('limit_down'))
  return events
}

/**
 * The corporate actions of an instrument whose ex-date lies in [fromDay, toDay], as events.
 * Live, that window is today; at start-up it reaches back a few days.
 */
export function eventsOfActions(
  actions: readonly CorporateAction[],
  instrument: { market: Market; name: LocalName },
  fromDay: string,
  toDay: string,
  now: number,
): NewsEvent[] {
  return actions
    .filter((a) => a.date >= fromDay && a.date <= toDay)
    .map((action) => ({
      kind: action.kind,
      code: action.code,
      market: instrument.market,
      day: action.date,
      at: Math.min(now, epochAtLocal(instrument.market, action.date, ACTION_NEWS_MINUTE)),
      name: instrument.name,
      action,
    }))
}

function textsOf(event: NewsEvent): Texts | null {
  const { quote, action } = event
  switch (event.kind) {
    case 'big_move':
      return quote ? bigMoveTexts(quote) : null
    case 'limit_up':
    case 'limit_down':
      return quote ? limitTexts(quote, event.kind === 'limit_up' ? 'up' : 'down') : null
    case 'index_move':
      return quote ? indexMoveTexts(quote) : null
    case 'split':
    case 'dividend':
      return action ? corporateTexts(action, event.name, event.market) : null
    case 'market_overview':
      return event.overview ? overviewTexts(event.market, event.overview) : null
  }
}

/** The article telling one event, or null when the event lacks what its story needs. */
export function articleOf(event: NewsEvent, simulated: boolean): DraftArticle | null {
  const texts = textsOf(event)
  if (!texts) return null
  return {
    ...texts,
    category: CATEGORY[event.kind],
    code: event.code,
    dedupeKey: dedupeKeyOf(event),
    simulated,
    created: event.at,
  }
}

/**
 * Remembers which events have been told, per trading day, keeping only the most recent days so a
 * long-running gateway holds a bounded set. The store's unique key is the final word; this only
 * spares it the repeats (the same big move shows in every print of that stock all day).
 */
export function createDeduper(keepDays = 10) {
  const byDay = new Map<string, Set<string>>()
  return {
    /** The events not seen before, each marked as seen (a repeat within `events` counts once). */
    fresh(events: readonly NewsEvent[]): NewsEvent[] {
      const out: NewsEvent[] = []
      for (const event of events) {
        let seen = byDay.get(event.day)
        if (!seen) {
          seen = new Set()
          byDay.set(event.day, seen)
          const days = [...byDay.keys()].sort()
          for (const old of days.slice(0, Math.max(0, days.length - keepDays))) byDay.delete(old)
        }
        const key = dedupeKeyOf(event)
        if (seen.has(key)) continue
        seen.add(key)
        out.push(event)
      }
      return out
    },
  }
}
