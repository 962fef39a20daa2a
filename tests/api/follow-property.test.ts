import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accruedThrough, type Product } from '@kabu/shared/api/follow'
import type { SessionGrant, Userinfo } from '@kabu/shared/api/user'
import { deriveAssets } from '@kabu/shared/assets'
import { formatUnits, parseUnits } from '@kabu/shared/money/decimal'
import type { TestApp } from '../support/app'
import { expectLedgerConsistent } from '../support/invariants'
import { session, brokerData } from '../support/broker'
import {
  booksOf,
  DAY,
  follower,
  issuerIdOf,
  MONDAY,
  myOrders,
  newProduct,
  productBuy,
  productEnd,
  startProductApp,
  userBooks,
} from './follow.support'

/**
 * Random buys, ends and day passes over a few products of one small issuer, on one gateway: after
 * every step the ledger checker passes, the issuer's book is never negative and still covers what
 * it owes its open orders, every order's profit is the published rule for its days paid, and each
 * user's product book is what spec §7 counts from /trade/userproductlist (status 0 `money`).
 */

let t: TestApp
const users: SessionGrant[] = []
const START = '1000000'
beforeAll(async () => {
  t = await startProductApp()
  for (let i = 0; i < 3; i++)
    users.push(await follower(t, `fprop${i}x${Date.now() % 10000}`, START))
})
afterAll(() => t.stop())

const step = fc.oneof(
  fc.record({
    kind: fc.constant('buy' as const),
    user: fc.integer({ min: 0, max: 2 }),
    product: fc.integer({ min: 0, max: 1 }),
    yen: fc.integer({ min: 5_000, max: 400_000 }),
  }),
  fc.record({ kind: fc.constant('end' as const), user: fc.integer({ min: 0, max: 2 }) }),
  fc.record({ kind: fc.constant('pass' as const), hours: fc.integer({ min: 1, max: 30 }) }),
)

let round = 0

async function checkEverything(issuerCode: string) {
  await expectLedgerConsistent(t.app.db)
  const issuerId = await issuerIdOf(t, issuerCode)
  const issuer = (await userBooks(t, issuerId)).available
  expect(issuer >= 0n).toBe(true)
  const owed = await t.app.db
    .selectFrom('product_orders as o')
    .innerJoin('products as p', 'p.id', 'o.product_id')
    .select(['o.max_profit', 'o.profit'])
    .where('p.issuer_id', '=', issuerId)
    .where('o.status', '=', 0n)
    .execute()
  expect(issuer >= owed.reduce((sum, o) => sum + o.max_profit - o.profit, 0n)).toBe(true)
  for (const g of users) {
    const orders = await myOrders(t, g)
    const books = await booksOf(t, g.account)
    const assets = deriveAssets({
      type: 'jpy',
      userinfo: { jpy: formatUnits(books.available) } as Userinfo,
      newStocks: [],
      withdrawals: [],
      products: orders,
      credits: [],
      holdings: { ccsz: '0', fdyk: '0' },
    })
    // Spec §7: frozen = the product amounts of status 0 = the ledger's product book.
    expect(parseUnits(assets.frozen)).toBe(books.product)
    for (const o of orders) {
      const days = accruedThrough(parseUnits(o.principal)!, o.daily_rate, o.days, 'JPY')
      expect(parseUnits(o.profit)).toBe(days)
    }
    // Nothing is created or lost: the wallet and the products hold the start plus the profit paid.
    const profit = orders.reduce((sum, o) => sum + parseUnits(o.profit)!, 0n)
    expect(books.available + books.product).toBe(parseUnits(START)! + profit)
  }
}

describe('follow products at random', () => {
  it('keep the ledger consistent and the issuer solvent, paying exactly the published rule', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 12 }), async (steps) => {
        round++
        // Each round goes on from where the last one left the clock (a week or so later).
        t.app.clock.set(Math.max(t.app.clock.now(), MONDAY))
        // Sessions last 30 days on the gateway's clock, which the rounds move on.
        for (const [i, g] of users.entries()) {
          users[i] = await brokerData<SessionGrant>(t.url, '/user/login', {
            account: g.account,
            password: `pass-${g.account}`,
          })
        }
        const issuerCode = `prop-issuer-${round}`
        const products: Product[] = []
        for (const rate of ['0.0013', '0.00077']) {
          products.push(
            await newProduct(t, {
              issuer_code: issuerCode,
              daily_rate: rate,
              capacity: '600000',
              lock_days: 1,
              deadline: t.app.clock.now() + 7 * DAY,
            }),
          )
        }
        for (const s of steps) {
          if (s.kind === 'buy') {
            const answer = await productBuy(t, users[s.user]!, {
              id: products[s.product]!.id,
              money: String(s.yen),
            })
            if (answer.status !== 1) {
              // No accrual day left before the deadline (a run of market holidays, such as
              // Japan's year end, can take the last ones): the product says closed, so does the buy.
              const published = await brokerData<Product>(
                t.url,
                '/trade/productinfo',
                { id: products[s.product]!.id },
                session(users[s.user]!),
              )
              if (published.phase === 'closed') {
                expect(answer.msg).toBe('product_time_limit_passed')
              } else {
                expect([
                  'below_minimum_buy',
                  'product_capacity_exceeded',
                  'insufficient_balance',
                ]).toContain(answer.msg)
              }
            }
          } else if (s.kind === 'end') {
            const open = (await myOrders(t, users[s.user]!)).find((o) => o.status === 0)
            if (open) {
              const answer = await productEnd(t, users[s.user]!, open.id)
              if (answer.status !== 1) expect(answer.msg).toBe('product_locked')
            }
          } else {
            t.app.clock.set(t.app.clock.now() + s.hours * 3_600_000)
            await t.app.broker.products.jobs.runOnce()
          }
          await checkEverything(issuerCode)
        }
        // Past the deadline every order has come back, paid every day exactly by the rule.
        t.app.clock.set(Number(products[0]!.deadline) + 3_600_000)
        await t.app.broker.products.jobs.runOnce()
        await checkEverything(issuerCode)
        for (const g of users) {
          for (const o of await myOrders(t, g)) {
            expect(o.status).toBe(1)
          }
        }
      }),
      { numRuns: 10 },
    )
  }, 600_000)
})
