import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { readCurrentStock, STOCK_KEY, type StockRef } from '../../realtime/stock-ref'
import { clearRecent, readRecent, rememberChoice, SEARCH_LIST_KEY } from './recent-searches'

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, String(v)),
    removeItem: (k: string) => void items.delete(k),
  }
}

const ref = (code: string, market: StockRef['market'] = 'jp'): StockRef => ({
  code,
  market,
  kind: 'stock',
  name: { ja: `${code}社`, zh: `${code}公司`, en: `${code} Inc` },
})

describe('recent searches (localStorage searchList) and the current stock (stock)', () => {
  let storage: ReturnType<typeof memoryStorage>
  beforeEach(() => {
    storage = memoryStorage()
    vi.stubGlobal('localStorage', storage)
  })
  afterEach(() => vi.unstubAllGlobals())

  it('keeps the latest choice first, without duplicates, and stores it as the current stock', () => {
    rememberChoice(ref('7203'))
    rememberChoice(ref('AAPL', 'us'))
    rememberChoice({ ...ref('7203'), price: 2800 } as StockRef)
    expect(readRecent().map((r) => r.code)).toEqual(['7203', 'AAPL'])
    expect(JSON.parse(storage.items.get(SEARCH_LIST_KEY)!)[0]).toEqual(ref('7203')) // no price kept
    expect(readCurrentStock()).toEqual(ref('7203'))
    expect(JSON.parse(storage.items.get(STOCK_KEY)!)).toEqual(ref('7203'))
  })

  it('keeps at most twelve', () => {
    for (let i = 0; i < 20; i++) rememberChoice(ref(String(1000 + i)))
    const recent = readRecent()
    expect(recent).toHaveLength(12)
    expect(recent[0]!.code).toBe('1019')
  })

  it('clears the list', () => {
    rememberChoice(ref('7203'))
    clearRecent()
    expect(readRecent()).toEqual([])
    expect(storage.items.has(SEARCH_LIST_KEY)).toBe(false)
  })

  it('survives garbage written by someone else', () => {
    storage.items.set(SEARCH_LIST_KEY, '{not json')
    expect(readRecent()).toEqual([])
    storage.items.set(SEARCH_LIST_KEY, JSON.stringify([ref('7203'), 'x', { code: 1 }, null]))
    expect(readRecent()).toEqual([ref('7203')])
    storage.items.set(STOCK_KEY, JSON.stringify({ code: '7203', market: 'mars' }))
    expect(readCurrentStock()).toBeUndefined()
  })
})
