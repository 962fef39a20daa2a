import { USER_BOOKS, type FundLine } from '@kabu/shared/api/ledger'
import { describe, expect, it } from 'vitest'
import en from '../../i18n/locales/en'
import ja from '../../i18n/locales/ja'
import zhCN from '../../i18n/locales/zh-CN'
import { balanceLabelId, FUND_KINDS, toCsv } from './fund-records'

const line = (over: Partial<FundLine>): FundLine => ({
  kind: 'deposit',
  order_no: 'DP20260303-0a1b2c3d4e',
  money: '12345.5',
  balance_after: '12345.5',
  book: 'available',
  currency: 'JPY',
  created: Date.UTC(2026, 2, 3, 1, 0),
  ...over,
})

describe('fund records as CSV', () => {
  it('has a header and one CRLF row per line, exact amounts and UTC times', () => {
    const csv = toCsv(
      [line({}), line({ kind: 'fx', money: '-100', balance_after: '12245.5' })],
      (k) => k,
    )
    expect(csv.split('\r\n')).toEqual([
      'time,kind,order_no,book,currency,amount,balance_after',
      '2026-03-03T01:00:00.000Z,deposit,DP20260303-0a1b2c3d4e,available,JPY,12345.5,12345.5',
      '2026-03-03T01:00:00.000Z,fx,DP20260303-0a1b2c3d4e,available,JPY,-100,12245.5',
      '',
    ])
  })

  it('quotes labels holding commas or quotes', () => {
    const csv = toCsv([line({})], () => 'Deposit, "bank"')
    expect(csv).toContain(',"Deposit, ""bank""",')
  })
})

describe('the fund-records filter', () => {
  it('offers every kind the lines write, each named in every language', () => {
    for (const kind of ['ipo_freeze', 'block_buy', 'daytrade_settle', 'product_funding']) {
      expect(FUND_KINDS).toContain(kind)
    }
    for (const [locale, catalogue] of Object.entries({ ja, 'zh-CN': zhCN, en })) {
      const missing = FUND_KINDS.filter(
        (k) => !(catalogue as Record<string, string>)[`mine.funds.kind.${k}`],
      )
      expect(missing, locale).toEqual([])
    }
  })
})

describe('a fund line outside the available book', () => {
  it('names its book in every language (the list shows all books: frozen, loans, products, …)', () => {
    for (const [locale, catalogue] of Object.entries({ ja, 'zh-CN': zhCN, en })) {
      const missing = USER_BOOKS.filter(
        (b) => b !== 'available' && !(catalogue as Record<string, string>)[`mine.funds.book.${b}`],
      )
      expect(missing, locale).toEqual([])
    }
  })
})

describe("a fund line's balance", () => {
  it("is named by the line's own book, in every language (a hold's ¥0 is not the balance)", () => {
    const available = balanceLabelId('available')
    for (const [locale, catalogue] of Object.entries({ ja, 'zh-CN': zhCN, en })) {
      const texts = catalogue as Record<string, string>
      for (const book of USER_BOOKS) {
        expect(texts[balanceLabelId(book)], `${locale} ${book}`).toContain('{amount}')
        if (book !== 'available') {
          expect(texts[balanceLabelId(book)], `${locale} ${book}`).not.toBe(texts[available])
        }
      }
    }
    expect(ja[balanceLabelId('frozen') as keyof typeof ja]).toBe('拘束中の合計 {amount}')
  })
})
