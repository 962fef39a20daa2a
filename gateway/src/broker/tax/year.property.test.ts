import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { coveringYen, inYen } from '@kabu/shared/tax/foreign-sale'
import { sold as soldAtAverage } from '@kabu/shared/tax/moving-average'
import { newTaxYear, taxOn, type TaxYear } from '@kabu/shared/tax/withholding'
import { averageCost, stepIn } from './book'
import { dividendSteps } from './dividend-steps'
import type { ExpectedDividend } from './dividends.sql'
import { totalsOf } from './summary'
import type { TaxEventRow } from './tax.sql'

const YEN = 10_000n
const yen = (n: bigint) => n * YEN

/** A lot of one code held in the account: its shares and what it cost. */
interface Lot {
  shares: bigint
  cost: bigint
}

/** Yen per dollar at a trade's instant, as the FX source writes it (140 to 160, five decimals). */
const usdRate = fc
  .integer({ min: 14_000_000, max: 16_000_000 })
  .map((n) => `${Math.floor(n / 100_000)}.${String(n % 100_000).padStart(5, '0')}`)
/** A trade of the yen code (rate 1) or of a dollar one, in yen at its own instant's rate. */
const listing = fc.oneof(fc.constant(null), usdRate)

const move = fc.oneof(
  fc.record({
    buy: fc.bigInt({ min: 1n, max: 50n }),
    price: fc.bigInt({ min: 100n, max: 9_000n }),
    rate: listing,
  }),
  fc.record({ sell: fc.nat(), price: fc.bigInt({ min: 100n, max: 9_000n }), rate: listing }),
  fc.record({ dividend: fc.bigInt({ min: 1n, max: 200_000n }) }),
)

/** One code's book in the account, in yen: its open lots, drift, and what was paid and taken. */
const newBook = () => ({ lots: [] as Lot[], drift: 0n, paid: 0n, taken: 0n })

/**
 * A random year of one account's purchases, sales and dividends run through the tax book's rules
 * (the moving average of the code's open lots and their drift, then each event's step of the year),
 * as the gateway writes them into tax_events: whatever the order, what the year withheld less what
 * it refunded is 20.315 % of max(0, net) as the national and local cuts make it, never negative at
 * any point, and the lots' costs are taken out exactly once. A dollar code's trades join it in yen
 * (in-yen.ts: each lot at its buy's rate, a sale at its own), its withholding taken in dollars
 * worth at least the yen due.
 */
describe('a random year of the taxable account', () => {
  it('withholds exactly the tax due on max(0, net), refunds included, never below zero', () => {
    fc.assert(
      fc.property(fc.array(move, { minLength: 1, maxLength: 40 }), (moves) => {
        const books = { jpy: newBook(), usd: newBook() }
        let year: TaxYear = newTaxYear(2026)
        const events: TaxEventRow[] = []
        for (const m of moves) {
          const book = 'rate' in m && m.rate !== null ? books.usd : books.jpy
          const inRate = (units: bigint) => ('rate' in m && m.rate ? inYen(units, m.rate) : units)
          if ('buy' in m) {
            const shares = m.buy * 100n
            const cost = inRate(yen(m.price) * shares + yen(m.price / 10n))
            book.lots.push({ shares, cost })
            book.paid += cost
            continue
          }
          let gain: bigint
          if ('sell' in m) {
            const lot = book.lots[m.sell % Math.max(1, book.lots.length)]
            if (!lot) continue
            book.lots = book.lots.filter((l) => l !== lot)
            const open = book.lots.reduce(
              (s, l) => ({ shares: s.shares + l.shares, cost: s.cost + l.cost }),
              {
                shares: 0n,
                cost: 0n,
              },
            )
            const avg = averageCost(
              { ...open, drift: book.drift },
              { shares: lot.shares, rowCost: lot.cost },
            )
            book.drift = avg.drift
            book.taken += avg.cost
            const proceeds = yen(m.price) * lot.shares
            gain = inRate(proceeds) - inRate(proceeds / 1000n) - avg.cost
          } else {
            gain = yen(m.dividend)
          }
          const step = stepIn('tokutei_withholding', year, 2026, gain)
          expect(step.after.withheld.national).toBeGreaterThanOrEqual(0n)
          expect(step.after.withheld.local).toBeGreaterThanOrEqual(0n)
          if ('rate' in m && m.rate) {
            for (const part of [step.change.national, step.change.local]) {
              expect(inYen(coveringYen(part, m.rate, 'USD'), m.rate)).toBeGreaterThanOrEqual(part)
            }
          }
          year = step.after
          events.push({
            kind: 'sale' in m ? 'sale' : 'dividend',
            gain,
            national: step.change.national,
            local: step.change.local,
          } as TaxEventRow)
        }
        const t = totalsOf(events)
        const net = t.gains - t.losses + t.dividends
        expect(net).toBe(year.net)
        const held = t.withheldNational + t.withheldLocal - t.refundedNational - t.refundedLocal
        expect(held).toBeGreaterThanOrEqual(0n)
        const positive = net > 0n ? net : 0n
        const national = ((positive * 15_315n) / 100_000n / YEN) * YEN
        const local = ((positive * 5n) / 100n / YEN) * YEN
        expect(t.withheldNational - t.refundedNational).toBe(national)
        expect(t.withheldLocal - t.refundedLocal).toBe(local)
        // Once every lot is gone, the sales took exactly what the purchases cost (in yen).
        for (const b of [books.jpy, books.usd]) {
          const open = b.lots.reduce((s, l) => s + l.cost, 0n)
          expect(b.taken + open + b.drift).toBe(b.paid)
          if (b.lots.length === 0) expect(b.drift).toBe(0n)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('in 源泉徴収なし and 一般 moves the year but withholds nothing', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: -yen(10n ** 6n), max: yen(10n ** 6n) })), (gains) => {
        let year: TaxYear = newTaxYear(2026)
        for (const gain of gains) {
          for (const kind of ['tokutei', 'ippan'] as const) {
            const step = stepIn(kind, year, 2026, gain)
            expect(step.change).toEqual({ national: 0n, local: 0n })
          }
          year = stepIn('ippan', year, 2026, gain).after
        }
        expect(year.net).toBe(gains.reduce((s, g) => s + g, 0n))
      }),
    )
  })
})

/** A sale's gain in yen, or a dividend's gross in its currency (yen, or dollars at a rate). */
const yearEvent = fc.oneof(
  fc.record({ gain: fc.bigInt({ min: -yen(200_000n), max: yen(200_000n) }), rate: listing }),
  fc.record({ dividend: fc.bigInt({ min: 1n, max: yen(100_000n) }), rate: listing }),
)

/**
 * A random year of yen and dollar sales and dividends in 源泉徴収あり, each dividend through the
 * gateway's own dividendSteps (the bulk payment's netting) and each sale through stepIn, the
 * withholding valued in yen as the ledger takes it: a dollar one's parts rounded up to the cent at
 * its rate (coveringYen; a dividend's capped at what it leaves), a refund in yen. Whatever the
 * order, what the year took is never negative and at most 20.315 % of max(0, net) plus, per
 * dollar posting, each part's cent of rounding.
 */
describe('a random year of yen and dollar sales and dividends', () => {
  it('takes at most the tax on max(0, net) plus each dollar posting’s rounding, never below zero', () => {
    fc.assert(
      fc.property(fc.array(yearEvent, { minLength: 1, maxLength: 40 }), (moves) => {
        let year: TaxYear = newTaxYear(2026)
        let taken = 0n
        let slack = 0n
        for (const [i, m] of moves.entries()) {
          const worth = (part: bigint) =>
            m.rate ? inYen(coveringYen(part, m.rate, 'USD'), m.rate) : part
          if ('gain' in m) {
            const step = stepIn('tokutei_withholding', year, 2026, m.gain)
            for (const part of [step.change.national, step.change.local]) {
              taken += part > 0n ? worth(part) : part
            }
            year = step.after
          } else {
            // Dollars cut to the cent, the US tax at source 10 % of it, as recordLongs writes them.
            const gross = m.rate ? (m.dividend / 100n) * 100n + 100n : m.dividend
            const row: ExpectedDividend = {
              id: BigInt(i + 1),
              userId: 1n,
              code: m.rate ? 'AAPL' : '7203',
              currency: m.rate ? 'USD' : 'JPY',
              payDate: '2026-06-30',
              account: 'tokutei_withholding',
              shares: 1n,
              gross,
              withheldForeign: m.rate ? ((gross * 10n) / 10_000n) * 100n : 0n,
              withheldNational: 0n,
              withheldLocal: 0n,
              taxKind: 'tokutei_withholding',
            }
            const held = { net: year.net, ...year.withheld }
            const fx = m.rate ? { currency: 'USD' as const, rate: m.rate } : null
            const { withheld, events } = dividendSteps([row], new Map([[1n, held]]), 2026, 0, fx)
            const [w, e] = [withheld[0]!, events[0]!]
            expect(w.net).toBeGreaterThanOrEqual(0n)
            expect(w.net + w.national + w.local).toBe(row.gross - row.withheldForeign)
            taken += m.rate
              ? inYen(w.national, m.rate) + inYen(w.local, m.rate)
              : w.national + w.local
            year = {
              year: 2026,
              net: e.year_net,
              withheld: { national: e.year_national, local: e.year_local },
            }
          }
          // Each part of a dollar posting: at most a cent over, and its conversion's half unit.
          if (m.rate) slack += 2n * (inYen(100n, m.rate) + 1n)
          expect(taken).toBeGreaterThanOrEqual(0n)
          // A dividend of a cent or two cannot cover its withholding: the year records what it
          // took, and the rest stays due (taken by the next withholding), never more than due.
          const due = taxOn(year.net)
          expect(year.withheld.national).toBeLessThanOrEqual(due.national)
          expect(year.withheld.local).toBeLessThanOrEqual(due.local)
          expect(taken).toBeLessThanOrEqual(due.national + due.local + slack)
        }
      }),
      { numRuns: 300 },
    )
  })
})

const total = (xs: bigint[]) => xs.reduce((s, x) => s + x, 0n)
const lot = fc.record({
  shares: fc.bigInt({ min: 1n, max: 500n }),
  cost: fc.bigInt({ min: 1n, max: 10n ** 12n }),
})

/**
 * A reverse split of 1 new share for `den` old, its fractions sold for cash in lieu once the rows
 * hold new shares (the split step's order): the fractions take the average of the shares as they
 * were, and with the kept shares sold later the costs add up to what the lots cost.
 */
describe("a reverse split's fractions sold for cash in lieu", () => {
  it('cost their old shares at the average before the split', () => {
    fc.assert(
      fc.property(
        fc.array(lot, { minLength: 1, maxLength: 6 }),
        fc.bigInt({ min: 2n, max: 10n }),
        (lots, den) => {
          const fraction = total(lots.map((l) => l.shares % den))
          fc.pre(fraction > 0n)
          // What the split takes off each row (split.sql.ts): the fraction's share, or a row whole.
          const taken = lots.map((l) =>
            l.shares < den ? l.cost : (l.cost * (l.shares % den)) / l.shares,
          )
          const kept = lots.filter((l) => l.shares >= den)
          const open = {
            shares: total(kept.map((l) => l.shares / den)),
            cost: total(lots.map((l, i) => l.cost - (taken[i] ?? 0n))),
          }
          const sale = { shares: fraction, rowCost: total(taken), splitDen: den }
          const { cost, drift } = averageCost({ ...open, drift: 0n }, sale)
          const paid = total(lots.map((l) => l.cost))
          const before = { shares: total(lots.map((l) => l.shares)), cost: paid }
          expect(cost).toBe(soldAtAverage(before, fraction).cost)
          if (open.shares === 0n) {
            expect(cost).toBe(paid)
            return
          }
          const rest = { shares: open.shares, rowCost: open.cost }
          const last = averageCost({ shares: 0n, cost: 0n, drift }, rest)
          expect(cost + last.cost).toBe(paid)
          expect(last.drift).toBe(0n)
        },
      ),
      { numRuns: 300 },
    )
  })
})
