import { describe, expect, it } from 'vitest'
import type { Market } from '../types'
import { LISTINGS, searchListings } from './index'
import { KANA_READINGS, PINYIN_READINGS, pinyinKeys } from './readings'

const codes = (q: string, limit?: number) => searchListings(q, limit).map((l) => l.code)
const stockCodes = (market: Market) =>
  LISTINGS.filter((l) => l.market === market && l.kind === 'stock').map((l) => l.code)

/**
 * A stand-in for wanakana's toKatakana on the few inputs below (shared has no kana library; the
 * gateway passes the real one, and tests/api/market-search.test.ts checks that end to end).
 */
const TO_KATAKANA: Record<string, string> = {
  とよた: 'トヨタ',
  toyota: 'トヨタ',
  にんてんどう: 'ニンテンドウ',
}
const toKatakana = (text: string) => TO_KATAKANA[text] ?? text

describe('readings', () => {
  it('reads every Japanese stock in katakana and every Chinese stock in pinyin', () => {
    expect(stockCodes('jp').filter((c) => !KANA_READINGS[c]?.length)).toEqual([])
    expect(stockCodes('cn').filter((c) => !PINYIN_READINGS[c])).toEqual([])
    for (const readings of Object.values(KANA_READINGS)) {
      for (const r of readings) expect(r, r).toMatch(/^[\u30A0-\u30FF]+$/)
    }
    for (const r of Object.values(PINYIN_READINGS)) expect(r, r).toMatch(/^[a-z]+( [a-z]+)*$/)
  })

  it('keys only listings that exist', () => {
    const known = new Set(LISTINGS.map((l) => l.code))
    const keyed = [...Object.keys(KANA_READINGS), ...Object.keys(PINYIN_READINGS)]
    expect(keyed.filter((c) => !known.has(c))).toEqual([])
  })

  it('types pinyin whole or by initials', () => {
    expect(pinyinKeys('gui zhou mao tai')).toEqual(['guizhoumaotai', 'gzmt'])
  })
})

describe('searchListings by reading', () => {
  it('finds Chinese stocks by pinyin initials, whole pinyin and its prefix', () => {
    expect(codes('gzmt')[0]).toBe('600519')
    expect(codes('GZMT')[0]).toBe('600519')
    expect(codes('guizhoumaotai')[0]).toBe('600519')
    expect(codes('byd')[0]).toBe('002594')
    expect(codes('szzs')[0]).toBe('000001.SH')
    // zgyh is 中国银行 exactly; zgpa, zgyd … only start with zg.
    expect(codes('zgyh')[0]).toBe('601988')
    expect(codes('zg', 50)).toEqual(
      expect.arrayContaining([
        '601318',
        '601988',
        '601857',
        '600028',
        '600941',
        '601728',
        '601111',
      ]),
    )
  })

  it('finds Japanese stocks by their katakana reading, full- or half-width', () => {
    expect(codes('トヨタジドウシャ')[0]).toBe('7203')
    expect(codes('ﾆﾝﾃﾝﾄﾞｳ')[0]).toBe('7974')
    expect(codes('ミツビシ', 50).sort()).toEqual(['7011', '8058', '8306'])
    expect(codes('ユニクロ')[0]).toBe('9983')
  })

  it('ranks an exact reading before a reading that only starts with the query', () => {
    // デンソー is Denso's whole reading; no other listing reads so, so it comes first of one.
    expect(codes('デンソー')).toEqual(['6902'])
    // ホーヤ exact for HOYA, before anything merely containing it.
    expect(codes('ホーヤ')[0]).toBe('7741')
  })

  it('finds hiragana and romaji only through the katakana conversion it is given', () => {
    expect(codes('とよた')).toEqual([])
    expect(searchListings('とよた', 20, toKatakana)[0]?.code).toBe('7203')
    expect(searchListings('にんてんどう', 20, toKatakana).map((l) => l.code)).toEqual(['7974'])
    // Toyota's English name already starts with "toyota"; the reading does not push it down.
    expect(searchListings('toyota', 20, toKatakana)[0]?.code).toBe('7203')
  })

  it('keeps the code first even when a reading matches too', () => {
    expect(codes('7203')[0]).toBe('7203')
    expect(searchListings('7203', 20, toKatakana)[0]?.code).toBe('7203')
  })
})
