import { describe, expect, it } from 'vitest'
import type { CorporateAction, Quote } from '@kabu/shared/market/types'
import { storeOfThisFile } from '../../../tests/support/file-store'
import { createNewsFeed, type NewsMarket } from './feed'

// 2026-01-06 10:00 in Tokyo.
const AT = Date.UTC(2026, 0, 6, 1, 0)

function quote(code: string, price: number, overrides: Partial<Quote> = {}): Quote {
  const prevClose = 1000
  return {
    code,
    market: 'jp',
    kind: 'stock',
    name: { ja: `銘柄${code}`, zh: `股票${code}`, en: `Stock ${code}` },
    price,
    prevClose,
    open: prevClose,
    high: Math.max(prevClose, price),
    low: Math.min(prevClose, price),
    volume: 1000,
    turnover: 1e6,
    change: price - prevClose,
    changePct: ((price - prevClose) / prevClose) * 100,
    marketCap: 0,
    limitUp: 1300,
    limitDown: 700,
    time: AT,
    seq: 1,
    trading: true,
    ...overrides,
  }
}
const index = (price: number) =>
  quote('N225', price, { kind: 'index', limitUp: null, limitDown: null })

/** A quote source under the test's hand: what it shows now, and prints pushed on demand. */
function fakeMarket(shown: Quote[], actions: Record<string, CorporateAction[]>) {
  const listeners = new Set<(quotes: Quote[]) => void>()
  const market: NewsMarket = {
    snapshots: (codes) => shown.filter((q) => codes.includes(q.code)),
    status: () => ({ state: 'live', source: 'simulator', simulated: true, lag: 0 }),
    corporateActions: (code) => actions[code] ?? [],
    onQuotes(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  return { market, print: (quotes: Quote[]) => listeners.forEach((l) => l(quotes)) }
}

const ACTIONS: Record<string, CorporateAction[]> = {
  // Three days ago: told by the back-fill, dated on its ex-date.
  '7203': [{ code: '7203', date: '2026-01-03', kind: 'dividend', cash: 30, factor: 0.97 }],
  // Today: told when the stock first prints today.
  '6758': [{ code: '6758', date: '2026-01-06', kind: 'split', ratio: 2, factor: 0.5 }],
}

const store = storeOfThisFile()

const keys = async () =>
  (await store.db.selectFrom('news').select('dedupe_key').orderBy('id').execute()).map(
    (r) => r.dedupe_key,
  )

describe(`the news feed (${process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  it('back-fills today’s state, then tells each new event once', async () => {
    // 6758 has not printed yet today: its split is told when it does.
    const shown = [index(1002), quote('7203', 1060)]
    const { market, print } = fakeMarket(shown, ACTIONS)
    const feed = createNewsFeed({ db: store.db, clock: { now: () => AT }, market })
    await feed.start()
    expect(await keys()).toEqual([
      'market_overview:N225:2026-01-06',
      'big_move:7203:2026-01-06',
      'dividend:7203:2026-01-03',
    ])

    print([quote('7203', 1070), quote('6758', 1010)])
    print([quote('7203', 1300), index(988)])
    print([quote('7203', 1300)])
    await feed.stop()
    expect((await keys()).slice(3)).toEqual([
      'split:6758:2026-01-06',
      'limit_up:7203:2026-01-06',
      'index_move:N225:2026-01-06',
    ])
    // Stopped: later prints are not heard.
    print([quote('7203', 700)])
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await keys()).toHaveLength(6)
  })

  it('writes nothing twice after a restart, and flags its articles as simulated', async () => {
    const shown = [index(988), quote('7203', 1300), quote('6758', 1010)]
    const { market } = fakeMarket(shown, ACTIONS)
    const feed = createNewsFeed({ db: store.db, clock: { now: () => AT }, market })
    await feed.start()
    await feed.stop()
    expect(await keys()).toHaveLength(6)
    const rows = await store.db.selectFrom('news').select(['source', 'simulated']).execute()
    expect(rows.every((r) => r.source === 'simulator' && r.simulated === 1n)).toBe(true)
  })
})
