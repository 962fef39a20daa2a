import { describe, expect, it } from 'vitest'
import { isOnTick } from '../ticks'
import type { Market } from '../types'
import { LISTINGS, SECTORS, boardOfCode, listingByCode, searchListings } from './index'

const stocks = (market: Market) => LISTINGS.filter((l) => l.market === market && l.kind === 'stock')
const codes = (q: string, limit?: number) => searchListings(q, limit).map((l) => l.code)

describe('the catalogue', () => {
  it.each<Market>(['jp', 'us', 'cn'])('holds at least 30 stocks in %s', (market) => {
    expect(stocks(market).length).toBeGreaterThanOrEqual(30)
  })

  it('has unique codes, case ignored', () => {
    const upper = LISTINGS.map((l) => l.code.toUpperCase())
    expect(new Set(upper).size).toBe(LISTINGS.length)
  })

  it('names every listing in the three languages, with a known sector', () => {
    for (const l of LISTINGS) {
      expect(
        [l.name.ja, l.name.zh, l.name.en].every((n) => n.trim().length > 0),
        l.code,
      ).toBe(true)
      expect(SECTORS, l.code).toContain(l.sector)
    }
  })

  it('gives each stock a lot, shares, a base price on its grid and a plausible volatility', () => {
    const lot: Record<Market, number> = { jp: 100, us: 1, cn: 100 }
    for (const l of LISTINGS.filter((x) => x.kind === 'stock')) {
      expect(l.lot, l.code).toBe(lot[l.market])
      expect(l.sharesOutstanding, l.code).toBeGreaterThan(1_000_000)
      expect(Number.isInteger(l.sharesOutstanding), l.code).toBe(true)
      expect(isOnTick(l, l.basePrice), l.code).toBe(true)
      expect(l.volatility, l.code).toBeGreaterThanOrEqual(0.1)
      expect(l.volatility, l.code).toBeLessThanOrEqual(1)
      expect(l.sector, l.code).not.toBe('index')
    }
  })

  it('carries the facts the brief names', () => {
    expect(listingByCode('7203')?.name).toEqual({
      ja: 'トヨタ自動車',
      zh: '丰田汽车',
      en: 'Toyota Motor',
    })
    expect(listingByCode('6758')?.name.ja).toBe('ソニーグループ')
    expect(listingByCode('AAPL')?.name).toEqual({ ja: 'アップル', zh: '苹果', en: 'Apple' })
    expect(listingByCode('600519')?.name).toMatchObject({ ja: '貴州茅台酒', zh: '贵州茅台' })
    expect(listingByCode('000001')?.name.zh).toBe('平安银行')
    expect(listingByCode('7203')?.topix500).toBe(true)
    expect(listingByCode('9348')?.topix500).toBe(false)
    expect(listingByCode('688981')?.board).toBe('star')
    expect(listingByCode('300750')?.board).toBe('chinext')
    expect(listingByCode('600519')?.board).toBe('main')
  })

  it('flags TOPIX500 on every Japanese stock and a board on every Chinese one', () => {
    expect(stocks('jp').every((l) => typeof l.topix500 === 'boolean')).toBe(true)
    expect(stocks('jp').filter((l) => l.topix500).length).toBeGreaterThanOrEqual(30)
    expect(stocks('cn').every((l) => l.board === boardOfCode(l.code))).toBe(true)
  })

  it('lists the main indices, distinct from stocks with the same number', () => {
    const wanted = ['N225', 'TOPIX', 'SPX', 'IXIC', 'DJI', '000001.SH', '399001.SZ', '399006.SZ']
    for (const code of wanted) {
      expect(listingByCode(code), code).toMatchObject({
        kind: 'index',
        lot: 0,
        sharesOutstanding: 0,
        sector: 'index',
      })
    }
    expect(listingByCode('000001.SH')?.name.zh).toBe('上证指数')
    expect(listingByCode('000001')?.kind).toBe('stock')
  })
})

describe('boardOfCode', () => {
  it('reads the board from the code range', () => {
    expect(boardOfCode('688256')).toBe('star')
    expect(boardOfCode('689009')).toBe('star')
    expect(boardOfCode('301269')).toBe('chinext')
    expect(boardOfCode('002594')).toBe('main')
    expect(boardOfCode('600519')).toBe('main')
  })
})

describe('listingByCode', () => {
  it('ignores case and knows nothing it does not list', () => {
    expect(listingByCode('aapl')?.code).toBe('AAPL')
    expect(listingByCode('000001.sh')?.kind).toBe('index')
    expect(listingByCode('ZZZZ')).toBeUndefined()
    expect(listingByCode('')).toBeUndefined()
  })
})

describe('searchListings', () => {
  it('finds by code in all three markets', () => {
    expect(codes('7203')[0]).toBe('7203')
    expect(codes('aapl')[0]).toBe('AAPL')
    expect(codes('600519')[0]).toBe('600519')
  })

  it('puts the exact code first, then code prefixes', () => {
    expect(codes('000001')).toEqual(['000001', '000001.SH'])
    // AT&T's code is 'T'; then the codes starting with T; then names (Toyota Motor) in catalogue order.
    expect(codes('t').slice(0, 4)).toEqual(['T', 'TOPIX', 'TSLA', '7203'])
  })

  it('ranks prefixes before substrings', () => {
    const hits = codes('bank', 50)
    // 'Bank of America', 'Bank of China' start with it; 'Ping An Bank', 'SoftBank' only contain it.
    expect(hits.slice(0, 2).sort()).toEqual(['601988', 'BAC'])
    expect(hits.slice(2).sort()).toEqual([
      '000001',
      '600036',
      '601166',
      '601288',
      '601398',
      '601939',
      '9984',
    ])
  })

  it('finds by name as typed in Japanese, Chinese or English', () => {
    expect(codes('トヨタ')[0]).toBe('7203')
    expect(codes('ﾄﾖﾀ')[0]).toBe('7203') // half-width kana
    expect(codes('茅台')[0]).toBe('600519')
    expect(codes('苹果')[0]).toBe('AAPL')
    expect(codes('sony')[0]).toBe('6758')
    expect(codes('ＡＰＰＬＥ')[0]).toBe('AAPL') // full-width letters
    expect(codes('パナソニックホールディングス')[0]).toBe('6752')
    expect(codes('上证')[0]).toBe('000001.SH')
  })

  it('returns nothing for nothing, and respects the limit', () => {
    expect(searchListings('')).toEqual([])
    expect(searchListings('   ')).toEqual([])
    expect(searchListings('no such company')).toEqual([])
    expect(searchListings('a', 5)).toHaveLength(5)
    expect(searchListings('a', 0)).toEqual([])
    expect(searchListings('<script>alert(1)</script>')).toEqual([])
  })
})
