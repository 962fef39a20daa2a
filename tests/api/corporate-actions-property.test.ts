import fc from 'fast-check'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createSteps } from '../../gateway/src/broker/actions/steps'
import type { TestApp } from '../support/app'
import { expectLedgerConsistent } from '../support/invariants'
import { startTradingApp, trader, userIdOf } from './trading.support'

let t: TestApp
let userId: bigint
let run = 0

beforeAll(async () => {
  t = await startTradingApp({ ACTIONS_JOB_MS: '3600000' })
  const name = `cap${Date.now() % 100000}`
  await trader(t, name)
  userId = await userIdOf(t, name)
})
afterAll(() => t.stop())
afterEach(() => expectLedgerConsistent(t.app.db))

const EX_START = Date.parse('2030-01-07T15:00:00Z')
/** The market's price grid for the property: ¥1 ticks (units). */
const TICK = 10_000n

const holdingArb = fc.record({
  num: fc.bigInt({ min: 1n, max: 5_000n }),
  price: fc.bigInt({ min: 1n, max: 50_000n }).map((p) => p * TICK),
  // A buy filled in parts keeps its cost apart from its average price.
  extra: fc.bigInt({ min: 0n, max: 9_999n }),
})

describe('a split, as a property (both stores)', () => {
  it('keeps each holding’s total cost, and its market value within a tick', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(holdingArb, { minLength: 1, maxLength: 6 }),
        fc.constantFrom(2n, 3n, -5n),
        async (holdings, ratio) => {
          const code = `PX${++run}`
          const rows = await t.app.db
            .insertInto('holdings')
            .values(
              holdings.map((h, i) => ({
                user_id: userId,
                order_no: `PROP-${run}-${i}`,
                code,
                market: 'jp',
                currency: 'JPY',
                status: 0n,
                stock_num: h.num,
                buy_price: h.price,
                buy_cost: h.extra === 0n ? null : h.price * h.num + h.extra,
                buy_time: EX_START - 1,
                created_at: EX_START - 1,
              })),
            )
            .returning(['id', 'stock_num', 'buy_price', 'buy_cost'])
            .execute()
          const close = holdings[0]!.price
          const reverse = ratio < 0n
          const steps = createSteps({
            db: t.app.db,
            ledger: t.app.broker.ledger,
            splitOrders: async () => [],
            tax: t.app.broker.tax.book,
            nisa: t.app.broker.accounts.nisaBook,
          })
          const [num, den] = reverse ? [1n, -ratio] : [ratio, 1n]
          await steps.split(
            `split:${code}`,
            {
              action: code,
              code,
              exDate: '2030-01-08',
              exStart: EX_START,
              ratio: String(ratio),
              num,
              den,
              lastClose: close,
            },
            'JPY',
            EX_START + 1,
          )
          const after = await t.app.db
            .selectFrom('holdings')
            .select(['id', 'stock_num', 'buy_price', 'buy_cost', 'status'])
            .where('code', '=', code)
            .execute()
          const cash = await t.app.db
            .selectFrom('holding_splits')
            .select(['holding_id', 'cash_in_lieu'])
            .where('action', '=', code)
            .execute()
          for (const before of rows) {
            const now = after.find((a) => a.id === before.id)!
            const costBefore = before.buy_cost ?? before.buy_price * before.stock_num
            const costAfter = now.buy_cost ?? now.buy_price * now.stock_num
            const inLieu = cash.find((c) => c.holding_id === before.id)!.cash_in_lieu
            // The market's price after the ex-date: the close divided, on the grid.
            const priceAfter = ((close * den) / num / TICK) * TICK
            const valueBefore = before.stock_num * close
            if (!reverse) {
              expect(costAfter).toBe(costBefore)
              expect(now.stock_num).toBe(before.stock_num * num)
              const drift = valueBefore - now.stock_num * priceAfter
              expect(drift >= 0n && drift <= now.stock_num * TICK).toBe(true)
              continue
            }
            const fraction = before.stock_num % den
            expect(inLieu).toBe(fraction * close)
            if (now.status === 4n) continue
            // The whole shares kept carry their cost; the fraction's left with its cash.
            expect(costAfter).toBe(costBefore - (costBefore * fraction) / before.stock_num)
            expect(now.stock_num * priceAfter + inLieu).toBe(valueBefore)
          }
        },
      ),
      { numRuns: 25 },
    )
  })
})
