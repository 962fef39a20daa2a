import type { LocalText } from '@kabu/shared/api/news'
import type { Market, Quote } from '@kabu/shared/market/types'
import { localDate } from '@kabu/shared/market/time-zone'
import type { NewsEvent, OverviewFacts } from './events'
import { SIMULATED_NOTE, type Texts } from './templates'

/**
 * A market's overview of the day: its main index, breadth, best and worst stock. The feed writes
 * one per market and trading day when it starts, so the "market" tab of a fresh demo has a story.
 */

/** The index an overview leads with. */
const MAIN_INDEX: Record<Market, string> = { jp: 'N225', us: 'SPX', cn: '000001.SH' }

const MARKET_NAME: Record<Market, LocalText> = {
  jp: { ja: '日本株式市場', zh: '日本股市', en: 'Japanese stocks' },
  us: { ja: '米国株式市場', zh: '美国股市', en: 'US stocks' },
  cn: { ja: '中国株式市場', zh: '中国A股', en: 'Chinese stocks' },
}

/** One overview event per market that has its main index and at least one stock in `quotes`. */
export function overviewEvents(quotes: readonly Quote[]): NewsEvent[] {
  const events: NewsEvent[] = []
  for (const market of Object.keys(MAIN_INDEX) as Market[]) {
    const index = quotes.find((q) => q.code === MAIN_INDEX[market])
    const stocks = quotes.filter((q) => q.market === market && q.kind === 'stock')
    const [first] = stocks
    if (!index || !first) continue
    let [best, worst] = [first, first]
    for (const q of stocks) {
      if (q.changePct > best.changePct) best = q
      if (q.changePct < worst.changePct) worst = q
    }
    const overview: OverviewFacts = {
      index,
      advancers: stocks.filter((q) => q.change > 0).length,
      decliners: stocks.filter((q) => q.change < 0).length,
      unchanged: stocks.filter((q) => q.change === 0).length,
      best,
      worst,
    }
    events.push({
      kind: 'market_overview',
      code: index.code,
      market,
      day: localDate(market, index.time),
      at: index.time,
      name: index.name,
      overview,
    })
  }
  return events
}

const signed = (pct: number) => `${pct >= 0 ? '+' : '−'}${Math.abs(pct).toFixed(2)}%`

export function overviewTexts(market: Market, o: OverviewFacts): Texts {
  const m = MARKET_NAME[market]
  const [i, b, w] = [o.index, o.best, o.worst]
  const title = {
    ja: `${m.ja}の概況：${i.name.ja} ${signed(i.changePct)}`,
    zh: `${m.zh}概况：${i.name.zh} ${signed(i.changePct)}`,
    en: `${m.en} overview: ${i.name.en} ${signed(i.changePct)}`,
  }
  const summary = {
    ja: `値上がり ${o.advancers} 銘柄、値下がり ${o.decliners} 銘柄、変わらず ${o.unchanged} 銘柄。`,
    zh: `上涨 ${o.advancers} 只，下跌 ${o.decliners} 只，平盘 ${o.unchanged} 只。`,
    en: `${o.advancers} stocks up, ${o.decliners} down, ${o.unchanged} unchanged.`,
  }
  const leaders = {
    ja: `値上がり率トップは${b.name.ja}(${b.code}、${signed(b.changePct)})、値下がり率トップは${w.name.ja}(${w.code}、${signed(w.changePct)})。`,
    zh: `涨幅居首的是${b.name.zh}(${b.code}，${signed(b.changePct)})，跌幅居首的是${w.name.zh}(${w.code}，${signed(w.changePct)})。`,
    en: `Top gainer: ${b.name.en} (${b.code}, ${signed(b.changePct)}). Top loser: ${w.name.en} (${w.code}, ${signed(w.changePct)}).`,
  }
  const body = (lang: keyof LocalText) =>
    [summary[lang], leaders[lang], SIMULATED_NOTE[lang]].join('\n\n')
  return { title, summary, body: { ja: body('ja'), zh: body('zh'), en: body('en') } }
}
