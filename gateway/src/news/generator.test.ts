import { describe, expect, it } from 'vitest'
import type { CorporateAction, Quote } from '@kabu/shared/market/types'
import {
  articleOf,
  BIG_MOVE_PCT,
  createDeduper,
  eventsOfActions,
  eventsOfQuote,
  type DraftArticle,
} from './generator'
import type { NewsEvent } from './events'
import { overviewEvents } from './overview'

// 2026-01-06 10:00 in Tokyo.
const AT = Date.UTC(2026, 0, 6, 1, 0)
const TOYOTA = { ja: 'トヨタ自動車', zh: '丰田汽车', en: 'Toyota Motor' }

function quote(overrides: Partial<Quote> = {}): Quote {
  const prevClose = overrides.prevClose ?? 3000
  const price = overrides.price ?? 3030
  return {
    code: '7203',
    market: 'jp',
    kind: 'stock',
    name: TOYOTA,
    price,
    prevClose,
    open: 3000,
    high: Math.max(3000, price),
    low: Math.min(3000, price),
    volume: 1_200_000,
    turnover: 3.6e9,
    change: price - prevClose,
    changePct: Math.round(((price - prevClose) / prevClose) * 10_000) / 100,
    marketCap: 0,
    limitUp: 3700,
    limitDown: 2300,
    time: AT,
    seq: 1,
    trading: true,
    ...overrides,
  }
}

const kinds = (events: NewsEvent[]) => events.map((e) => e.kind)
const article = (event: NewsEvent | undefined): DraftArticle => {
  if (!event) throw new Error('no event')
  const drafted = articleOf(event, true)
  if (!drafted) throw new Error(`no article for ${event.kind}`)
  return drafted
}

/** Every language filled in, and not just copies of one another. */
function expectThreeLanguages(a: DraftArticle) {
  for (const text of [a.title, a.summary, a.body]) {
    expect(text.ja.length).toBeGreaterThan(0)
    expect(text.zh.length).toBeGreaterThan(0)
    expect(text.en.length).toBeGreaterThan(0)
    expect(new Set([text.ja, text.zh, text.en]).size).toBe(3)
  }
  expect(a.title.ja).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/)
  expect(a.title.en).toMatch(/^[\x20-\x7e]+$/)
}

describe('price events of a quote', () => {
  it('is quiet for an ordinary move', () => {
    expect(eventsOfQuote(quote({ price: 3030 }))).toEqual([])
  })

  it('tells a big move either way, at the threshold and not below it', () => {
    const up = eventsOfQuote(quote({ price: 3150, changePct: BIG_MOVE_PCT }))
    expect(kinds(up)).toEqual(['big_move'])
    expect(kinds(eventsOfQuote(quote({ price: 2820 })))).toEqual(['big_move'])
    expect(eventsOfQuote(quote({ price: 3149, changePct: 4.99 }))).toEqual([])

    const a = article(up[0])
    expect(a).toMatchObject({ category: 'stock', code: '7203', simulated: true, created: AT })
    expect(a.title.en).toBe('Toyota Motor (7203) up 5.00%')
    expect(a.title.ja).toBe('トヨタ自動車(7203)が5.00%上昇')
    expect(a.title.zh).toBe('丰田汽车(7203)大涨5.00%')
    expect(article(eventsOfQuote(quote({ price: 2820 }))[0]).title.en).toContain('down 6.00%')
    expectThreeLanguages(a)
  })

  it('tells limit-up and limit-down when the price sits on the limit', () => {
    const up = eventsOfQuote(quote({ price: 3700 }))
    expect(kinds(up)).toEqual(['big_move', 'limit_up'])
    const limit = article(up[1])
    expect(limit.title).toEqual({
      ja: 'トヨタ自動車(7203)がストップ高',
      zh: '丰田汽车(7203)涨停',
      en: 'Toyota Motor (7203) hits limit up',
    })
    expect(limit.summary.en).toContain('3,700')
    expectThreeLanguages(limit)

    const down = eventsOfQuote(quote({ price: 2300 }))
    expect(kinds(down)).toEqual(['big_move', 'limit_down'])
    expect(article(down[1]).title.ja).toContain('ストップ安')
    expect(article(down[1]).title.zh).toContain('跌停')
  })

  it('never tells a limit in a market without one (US)', () => {
    const aapl = quote({ code: 'AAPL', market: 'us', limitUp: null, limitDown: null, price: 3000 })
    expect(eventsOfQuote(aapl)).toEqual([])
  })

  it('tells an index move from 1 %', () => {
    const index = (price: number) =>
      quote({
        code: 'N225',
        kind: 'index',
        name: { ja: '日経平均株価', zh: '日经225指数', en: 'Nikkei 225' },
        prevClose: 50_000,
        price,
        limitUp: null,
        limitDown: null,
      })
    expect(eventsOfQuote(index(50_400))).toEqual([])
    const falls = eventsOfQuote(index(49_500))
    expect(kinds(falls)).toEqual(['index_move'])
    const a = article(falls[0])
    expect(a.category).toBe('index')
    expect(a.title).toEqual({
      ja: '日経平均株価が1.00%下落',
      zh: '日经225指数下跌1.00%',
      en: 'Nikkei 225 falls 1.00%',
    })
    expect(a.summary.en).toContain('500 points below')
    expectThreeLanguages(a)
  })

  it('dates an event on the exchange’s trading day', () => {
    // 23:30 UTC on the 5th is 08:30 on the 6th in Tokyo.
    const [event] = eventsOfQuote(quote({ price: 3300, time: Date.UTC(2026, 0, 5, 23, 30) }))
    expect(event?.day).toBe('2026-01-06')
  })
})

describe('corporate actions', () => {
  const split: CorporateAction = {
    code: '7203',
    date: '2026-01-06',
    kind: 'split',
    ratio: 5,
    factor: 0.2,
  }
  const dividend: CorporateAction = {
    code: '7203',
    date: '2026-01-02',
    kind: 'dividend',
    cash: 45,
    factor: 0.985,
  }
  const toyota = { market: 'jp' as const, name: TOYOTA }

  it('tells the actions whose ex-date is in the window, dated before the open', () => {
    const today = eventsOfActions([dividend, split], toyota, '2026-01-06', '2026-01-06', AT)
    expect(kinds(today)).toEqual(['split'])
    const a = article(today[0])
    expect(a.category).toBe('corporate')
    expect(a.dedupeKey).toBe('split:7203:2026-01-06')
    // 08:00 in Tokyo on the ex-date.
    expect(a.created).toBe(Date.UTC(2026, 0, 5, 23, 0))
    expect(a.title.en).toBe('Toyota Motor (7203) 5-for-1 stock split')
    expect(a.title.ja).toContain('5株')
    expect(a.summary.zh).toContain('2026-01-06')
    expectThreeLanguages(a)
  })

  it('tells a dividend with its amount and currency, back-filled from days before', () => {
    const week = eventsOfActions([dividend, split], toyota, '2025-12-30', '2026-01-06', AT)
    expect(kinds(week)).toEqual(['dividend', 'split'])
    const a = article(week[0])
    expect(a.title).toEqual({
      ja: 'トヨタ自動車(7203)、1株当たり45円の配当',
      zh: '丰田汽车(7203)每股派息45日元',
      en: 'Toyota Motor (7203) pays a 45 JPY dividend per share',
    })
    expectThreeLanguages(a)
  })
})

describe('market overview', () => {
  it('leads with the main index and names the best and worst stock', () => {
    const n225 = quote({
      code: 'N225',
      kind: 'index',
      name: { ja: '日経平均株価', zh: '日经225指数', en: 'Nikkei 225' },
      prevClose: 50_000,
      price: 50_250,
    })
    const sony = quote({ code: '6758', name: { ja: 'ソニー', zh: '索尼', en: 'Sony' } })
    const events = overviewEvents([n225, quote({ price: 3300 }), quote({ price: 2900 }), sony])
    expect(kinds(events)).toEqual(['market_overview'])
    const a = article(events[0])
    expect(a.category).toBe('market')
    expect(a.title.en).toBe('Japanese stocks overview: Nikkei 225 +0.50%')
    expect(a.summary.en).toBe('2 stocks up, 1 down, 0 unchanged.')
    expect(a.body.en).toContain('Top gainer: Toyota Motor (7203, +10.00%)')
    expectThreeLanguages(a)
  })
})

describe('de-duplication', () => {
  it('tells each event once per code, kind and trading day', () => {
    const dedupe = createDeduper()
    const bigMove = eventsOfQuote(quote({ price: 3300 }))
    expect(dedupe.fresh([...bigMove, ...bigMove])).toHaveLength(1)
    // The same stock moving further the same day is still the same story…
    expect(dedupe.fresh(eventsOfQuote(quote({ price: 3400 })))).toEqual([])
    // …reaching its limit is a new one, and so is the next day's move.
    expect(kinds(dedupe.fresh(eventsOfQuote(quote({ price: 3700 }))))).toEqual(['limit_up'])
    const tomorrow = quote({ price: 3300, time: AT + 86_400_000 })
    expect(kinds(dedupe.fresh(eventsOfQuote(tomorrow)))).toEqual(['big_move'])
    // Another stock's move is its own story.
    expect(dedupe.fresh(eventsOfQuote(quote({ code: '6758', price: 3300 })))).toHaveLength(1)
  })

  it('keeps only the most recent days in memory', () => {
    const dedupe = createDeduper(2)
    const day = (n: number) => eventsOfQuote(quote({ price: 3300, time: AT + n * 86_400_000 }))
    expect(dedupe.fresh(day(0))).toHaveLength(1)
    expect(dedupe.fresh(day(1))).toHaveLength(1)
    expect(dedupe.fresh(day(2))).toHaveLength(1)
    // Day 0 was forgotten (the store's unique key still refuses it); day 2 is remembered.
    expect(dedupe.fresh(day(0))).toHaveLength(1)
    expect(dedupe.fresh(day(2))).toEqual([])
  })
})
