import { LISTINGS, SECTORS } from '@kabu/shared/market/listings/index'
import { describe, expect, it } from 'vitest'
import { toKatakana } from 'wanakana'
import { createCatalogue } from './catalogue'
import { tseRows } from './tse-file'

const catalogue = createCatalogue(1)
const codes = (q: string, limit?: number) =>
  catalogue.search(q, limit, toKatakana).map((l) => l.code)

describe('the whole-market catalogue', () => {
  it('lists every TSE code of the data file once, besides the hand-made listings', () => {
    const rows = tseRows()
    expect(rows).toHaveLength(4_626)
    const listed = new Set(catalogue.listings.map((l) => l.code))
    expect(listed.size).toBe(catalogue.listings.length)
    expect(rows.filter((r) => !listed.has(r.code))).toEqual([])
    const japan = catalogue.listings.filter((l) => l.market === 'jp' && l.kind === 'stock')
    expect(japan).toHaveLength(4_626)
    // The US and China keep their hand-made lists.
    expect(catalogue.listings.filter((l) => l.market !== 'jp')).toEqual(
      LISTINGS.filter((l) => l.market !== 'jp'),
    )
  })

  it('keeps the hand-made facts and labels every other listing simulated', () => {
    for (const own of LISTINGS) expect(catalogue.listing(own.code)).toBe(own)
    const rest = catalogue.listings.filter((l) => !LISTINGS.includes(l))
    expect(rest).toHaveLength(4_626 - 41)
    for (const l of rest) {
      expect(l.simulatedFacts, l.code).toBe(true)
      expect(SECTORS, l.code).toContain(l.sector)
      expect(l.basePrice, l.code).toBeGreaterThan(0)
      expect(l.sharesOutstanding % l.lot, l.code).toBe(0)
      expect(l.volatility, l.code).toBeGreaterThan(0.1)
    }
    expect(catalogue.listing('1301')?.name.ja).toBe('極洋')
  })

  it('tells funds and REITs from companies by name, companies by code band', () => {
    expect(catalogue.listing('1306')).toMatchObject({ sector: 'fund', lot: 1 })
    expect(catalogue.listing('8951')).toMatchObject({ sector: 'realestate', lot: 1 })
    expect(catalogue.listing('8331')).toMatchObject({ sector: 'finance', lot: 100 })
    expect(catalogue.listing('9434')?.sector).toBe('telecom')
    expect(catalogue.listing('130a')?.code).toBe('130A')
    expect(catalogue.listing('25935')?.lot).toBe(100)
  })

  it('derives the same figures from the same seed, others from another', () => {
    const again = createCatalogue(1).listing('1301')
    const other = createCatalogue(2).listing('1301')
    expect(again).toEqual(catalogue.listing('1301'))
    expect(other?.basePrice).not.toBe(catalogue.listing('1301')?.basePrice)
    expect(other?.name).toEqual(catalogue.listing('1301')?.name)
  })

  it('finds codes and names across the market, kana where the name is kana', () => {
    expect(codes('1301')[0]).toBe('1301')
    expect(codes('極洋')[0]).toBe('1301')
    expect(codes('130a')[0]).toBe('130A')
    // The exchange's names of hand-made listings find them too.
    expect(codes('ホンダ')[0]).toBe('7267')
    expect(codes('JR東日本')[0]).toBe('9020')
    // Hand-made readings still work; so do katakana names typed in hiragana or romaji.
    expect(codes('とよた')[0]).toBe('7203')
    const katakana = catalogue.listings.find(
      (l) => l.simulatedFacts && /^[\u30A1-\u30FC]{4,}$/.test(l.name.ja),
    )!
    expect(codes(katakana.name.ja)[0]).toBe(katakana.code)
    expect(codes(toHiragana(katakana.name.ja))).toContain(katakana.code)
    expect(codes('銀行', 200).length).toBeGreaterThan(50)
  })
})

/** Katakana to hiragana, as a phone's keyboard gives them before conversion. */
function toHiragana(text: string): string {
  return text.replace(/[\u30A1-\u30F6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60))
}
