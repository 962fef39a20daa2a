import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { deriveAssets } from '@kabu/shared/assets'
import type { BlockOrder } from '@kabu/shared/api/block'
import type { WireCreditRequest } from '@kabu/shared/api/credit'
import type { DaytradeParticipation } from '@kabu/shared/api/daytrade'
import type { DepositRecord, WithdrawalRecord } from '@kabu/shared/api/funds'
import type { IpoApplication } from '@kabu/shared/api/ipo'
import type { LoanRecord } from '@kabu/shared/api/loans'
import type { Product, ProductOrder } from '@kabu/shared/api/products'
import {
  holdingRows,
  type ClosedHoldingList,
  type HoldingList,
  type WireHolding,
} from '@kabu/shared/api/trade'
import type { SessionGrant, Userinfo } from '@kabu/shared/api/user'
import { isTradingDay } from '@kabu/shared/market/calendar'
import { addDays } from '@kabu/shared/market/iso-date'
import { epochAtLocal, localDate } from '@kabu/shared/market/time-zone'
import { formatUnits, parseUnits } from '@kabu/shared/money/decimal'
import { createCreditJobs } from '../../gateway/src/broker/trading/credit-jobs'
import { startTestApp, type TestApp } from '../support/app'
import { FUND_PASSWORD } from '../support/identity'
import { session, vue, vueData, type VueAnswer } from '../support/vue'
import { approveBlock, blockBuy, newOffer, rejectBlock } from './block.support'
import {
  applyDaytrade,
  approveDaytrade,
  daytradeList,
  daytradeOrder,
  rejectDaytrade,
} from './daytrade.support'
import { approve, BANK_DAY_10AM, ops, recharge, reject, voucher } from './funds.support'
import { settle, subscribe } from './ipo.support'
import { decideLoan, depositor, loanList, relogin, repay, requestLoan } from './loan.support'
import { OPS_TOKEN } from './ops-client'
import { postProduct, productBuy, productEnd } from './products.support'
import { buy, idem, lastUnits, MINUTE, priceNear, TOYOTA, userIdOf } from './trading.support'

/**
 * Issue 14's proof: ONE random sequence of commands mixing every product line, across three users,
 * over HTTP against one real gateway. Stocks bought and sold at the market and at limits and
 * cancelled; credit buys (leverage 2 and 3) and their sells, trust funds (`/trade/ustocks`) and
 * their review, the credit job (also run against a market that fell, so calls and liquidations
 * happen); loans asked, reviewed, repaid; deposits and withdrawals asked and approved or
 * rejected; IPO offers subscribed, drawn (by the operator or the job), paid and waived; block
 * offers bought and reviewed; follow products bought and ended, days passing for their accrual;
 * day trading applied, reviewed, traded and flattened by its job; the clock moving and prints
 * filling resting orders.
 *
 * After EVERY step: the ledger checker passes, and for every user the step could touch, spec §7's
 * derivation (`deriveAssets`) over the calls the Positions screen makes equals the ledger's books
 * (available; frozen cash; borrowed + credit), plus the cross-checks the wire shapes allow
 * exactly: the `product` book is the open follow orders' money (principal + profit), the `credit`
 * book is the debts of the credit holdings (open, and ended ones whose sale left debt owed), the
 * `borrowed` book is the principal of the approved loans, and no draw or block allocation hands
 * out more than was offered.
 *
 * The users live for the whole file (verified, card bound, money deposited through a reviewed
 * deposit), so each command reads what is there now. Every job's timer is stopped and the matcher
 * no longer listens to the simulator: the test runs each pass itself, so nothing moves the books
 * between a step and its checks. A refusal is an outcome like any other (counted in the tally),
 * but only as a message key: never a 5xx, `network_error` or `invalid_input`. Each history opens
 * on a trading morning with fresh offers (see `opening`); at the end every product line must have
 * had a success.
 *
 * EVERY_LINE_RUNS raises the number of histories (default 40); EVERY_LINE_SECONDS bounds the time
 * they may take (default 150: on a busy machine the histories after it are left out, counted in
 * the printed line, so the test stays inside its 300 s limit).
 */

const RUNS = Number(process.env.EVERY_LINE_RUNS ?? 40)
const BUDGET_MS = Number(process.env.EVERY_LINE_SECONDS ?? 150) * 1000
const USERS = 3
const LOT = 100
const HOUR = 3_600_000
const DAY = 24 * HOUR

const user = fc.nat(USERS - 1)
const pick = fc.nat(99)
const percent = fc.integer({ min: 96, max: 104 })
const w = <T>(weight: number, arbitrary: fc.Arbitrary<T>) => ({ weight, arbitrary })
/** A command's arbitrary: `op` and its fields. */
const cmd = <K extends string, R extends object>(
  op: K,
  fields: { [P in keyof R]: fc.Arbitrary<R[P]> },
): fc.Arbitrary<{ op: K } & R> =>
  fc
    .record({ op: fc.constant(op), ...fields } as { [P in keyof R]: fc.Arbitrary<R[P]> })
    .map((r) => ({ ...(r as R), op }))

/** The operator's new offers: every history opens with one of each, so users have something to buy. */
const ipoOfferArb = cmd('ipoOffer', { lots: fc.integer({ min: 1, max: 6 }) })
const blockOfferArb = cmd('blockOffer', {
  lots: fc.integer({ min: 1, max: 6 }),
  max: fc.integer({ min: 1, max: 6 }),
})
const productNewArb = cmd('productNew', {
  lockDays: fc.nat(1),
  days: fc.integer({ min: 2, max: 6 }),
})

const subscribeArb = cmd('subscribe', { user, offer: pick, lots: fc.integer({ min: 1, max: 3 }) })
const blockBuyArb = cmd('blockBuy', { user, pick, lots: fc.integer({ min: 1, max: 4 }) })
const dtApplyArb = cmd('dtApply', { user, tenThousands: fc.integer({ min: 30, max: 300 }) })

const commandArb = fc.oneof(
  // Stocks.
  w(
    4,
    cmd('buy', {
      user,
      lots: fc.integer({ min: 1, max: 3 }),
      limit: fc.option(percent, { nil: null }),
    }),
  ),
  w(3, cmd('sell', { user, pick, part: fc.boolean(), limit: fc.option(percent, { nil: null }) })),
  w(1, cmd('cancel', { user, pick })),
  w(2, cmd('price', { percent })),
  // Stock credit.
  w(
    3,
    cmd('creditBuy', {
      user,
      lots: fc.integer({ min: 1, max: 2 }),
      leverage: fc.constantFrom(2, 3),
    }),
  ),
  w(2, cmd('trust', { user, pick, yen: fc.integer({ min: 1, max: 50 }).map((n) => n * 1000) })),
  w(2, cmd('trustReview', { user, approve: fc.boolean() })),
  w(1, cmd('creditJob', {})),
  w(1, cmd('shock', { percent: fc.integer({ min: 55, max: 95 }) })),
  // Loans.
  w(1, cmd('borrow', { user, tenThousands: fc.integer({ min: 1, max: 30 }) })),
  w(1, cmd('loanReview', { user, approve: fc.boolean() })),
  w(1, cmd('repay', { user })),
  // Deposits and withdrawals.
  w(1, cmd('deposit', { user, tenThousands: fc.integer({ min: 1, max: 50 }) })),
  w(1, cmd('depositReview', { user, approve: fc.boolean() })),
  w(1, cmd('withdraw', { user, tenThousands: fc.integer({ min: 1, max: 30 }) })),
  w(1, cmd('withdrawReview', { user, approve: fc.boolean() })),
  // New shares.
  w(1, ipoOfferArb),
  w(4, subscribeArb),
  w(1, cmd('draw', { offer: pick })),
  w(1, cmd('ipoJob', {})),
  w(2, cmd('pay', { user, pick })),
  w(1, cmd('waive', { user, pick })),
  // Block trades.
  w(1, blockOfferArb),
  w(2, blockBuyArb),
  w(1, cmd('blockReview', { user, approve: fc.boolean() })),
  // Follow products.
  w(1, productNewArb),
  w(2, cmd('productBuy', { user, pick, tenThousands: fc.integer({ min: 1, max: 20 }) })),
  w(1, cmd('productEnd', { user, pick })),
  w(1, cmd('day', {})),
  // Day trading.
  w(2, dtApplyArb),
  w(2, cmd('dtReview', { user, approve: fc.nat(3).map((n) => n > 0) })),
  w(
    4,
    cmd('dtOrder', {
      user,
      side: fc.constantFrom('buy' as const, 'sell' as const),
      lots: fc.integer({ min: 1, max: 4 }),
      limit: fc.boolean(),
    }),
  ),
  w(1, cmd('flat', { toClose: fc.boolean() })),
  // The clock.
  w(2, cmd('clock', { minutes: fc.integer({ min: 1, max: 90 }) })),
)
type Command = typeof commandArb extends fc.Arbitrary<infer C> ? C : never
/**
 * How every history opens: the next trading morning (banks open; yesterday's day trading
 * flattened by its job, the products paid), the operator's new IPO, block and product offers, each taken up by a
 * user (`2` picks the newest of the last three offers), and a day-trading application approved,
 * so the random commands after it find live offers and a participation to trade in.
 */
const opening = fc
  .tuple(ipoOfferArb, subscribeArb, blockOfferArb, blockBuyArb, productNewArb, dtApplyArb)
  .map(([ipo, sub, block, blockBuy, product, apply]): Command[] => [
    { op: 'day' },
    ipo,
    { ...sub, offer: 2 },
    block,
    { ...blockBuy, pick: 2 },
    product,
    apply,
    { op: 'dtReview', user: apply.user, approve: true },
  ])
type Op = Command['op']

/** Each product line's user-side commands: every line must have had a success by the end. */
const LINES: Record<string, Op[]> = {
  stocks: ['buy', 'sell', 'cancel'],
  credit: ['creditBuy', 'trust', 'trustReview'],
  loans: ['borrow', 'loanReview', 'repay'],
  deposits: ['deposit', 'depositReview'],
  withdrawals: ['withdraw', 'withdrawReview'],
  ipo: ['subscribe', 'draw', 'pay', 'waive'],
  block: ['blockBuy', 'blockReview'],
  products: ['productBuy', 'productEnd'],
  daytrade: ['dtApply', 'dtReview', 'dtOrder'],
}

let t: TestApp
const grants: SessionGrant[] = []
const cards: string[] = []
const userIds: bigint[] = []
let loggedInAt = 0
/** Outcomes per command (`<op>:<outcome>`), printed at the end. */
const tally = new Map<string, number>()
/** Successful commands per op. */
const successes = new Map<Op, number>()
const ipoOffers: string[] = []
const blockOffers: string[] = []
let codes = 0

beforeAll(async () => {
  t = await startTestApp({
    env: {
      TIME_TRAVEL: '1',
      REVIEW_POLICY: 'manual',
      OPS_TOKEN,
      CREDIT_JOB_MS: '3600000',
      IPO_JOB_MS: '3600000',
      PRODUCT_JOB_MS: '3600000',
      DAYTRADE_JOB_MS: '60000',
    },
  })
  // The test runs every pass itself: nothing may move the books between a step and its checks.
  await t.app.broker.trading.matcher.stop()
  await t.app.broker.trading.creditJobs.stop()
  await t.app.broker.ipo.jobs.stop()
  await t.app.broker.products.jobs.stop()
  await t.app.broker.daytrade.jobs.stop()
  t.app.clock.set(BANK_DAY_10AM)
  for (let i = 0; i < USERS; i++) {
    const account = `elp${i}x${Date.now() % 100000}`
    const { grant, card } = await depositor(t, account, '30000000')
    grants.push(grant)
    cards.push(card)
    userIds.push(await userIdOf(t, account))
  }
  loggedInAt = t.app.clock.now()
}, 120_000)
afterAll(() => t?.stop())

// ── Reading ─────────────────────────────────────────────────────────────────────────────────────

const post = <T>(i: number, path: string, body: Record<string, string> = {}) =>
  vueData<T>(t.url, path, body, session(grants[i]!))
const at = <T>(rows: readonly T[], n: number): T | undefined =>
  rows.length ? rows[n % rows.length] : undefined
const units = (text: string | null | undefined): bigint => {
  const value = text == null ? null : parseUnits(text, { signed: true })
  if (value === null) throw new Error(`not an amount: ${String(text)}`)
  return value
}
const openRows = async (i: number) =>
  holdingRows(await post<HoldingList>(i, '/trade/userstocklist', { type: 'jpy' }))

/** Moves the gateway's clock to `when` (never back) through the operator's call. */
async function moveClock(when: number) {
  if (when <= t.app.clock.now()) return
  const moved = await ops(t, 'POST', '/clock', { at: new Date(when).toISOString() })
  expect(moved.status).toBe(1)
}

/** The next Tokyo trading day's 10:00 after now: banks and the exchange open. */
function nextMorning(): number {
  const now = t.app.clock.now()
  let date = localDate('jp', now)
  for (;;) {
    const morning = epochAtLocal('jp', date, 10 * 60)
    if (morning > now && isTradingDay('jp', date)) return morning
    date = addDays(date, 1)
  }
}

/**
 * The close (16:00 Tokyo) of the `n`th trading day after today: a product's deadline with `n` days
 * of accrual. Counted in calendar days, a short product opened before a run of holidays (Golden
 * Week, the year end) has none, and the operator's call refuses it (invalid_input).
 */
function tradingDaysAhead(n: number): number {
  let date = localDate('jp', t.app.clock.now())
  for (let k = 0; k < n;) {
    date = addDays(date, 1)
    if (isTradingDay('jp', date)) k++
  }
  return epochAtLocal('jp', date, 16 * 60)
}

// ── Commands ────────────────────────────────────────────────────────────────────────────────────

/** An answer the test did not get (nothing to act on), or the gateway's answer. */
type Sent = VueAnswer | { http: number; status?: number; msg?: string } | string

async function send(c: Command): Promise<Sent> {
  const g = 'user' in c ? grants[c.user]! : undefined
  switch (c.op) {
    case 'buy': {
      const price: Record<string, string> =
        c.limit === null ? {} : { price: formatUnits(priceNear(t, TOYOTA, c.limit)) }
      return buy(t, g!, { num: String(c.lots * LOT), ...price })
    }
    case 'sell': {
      const h = at(
        (await openRows(c.user)).filter((r) => r.status === 0),
        c.pick,
      )
      if (!h) return 'nothing'
      const num = c.part && h.stock_num > LOT ? LOT : h.stock_num
      const price: Record<string, string> =
        c.limit === null || h.code !== TOYOTA
          ? {}
          : { price: formatUnits(priceNear(t, TOYOTA, c.limit)) }
      return vue(
        t.url,
        '/trade/sell',
        { id: h.id, num: String(num), idem: idem(), ...price },
        session(g!),
      )
    }
    case 'cancel': {
      const h = at(
        (await openRows(c.user)).filter((r: WireHolding) => r.status !== 0),
        c.pick,
      )
      if (!h) return 'nothing'
      return vue(t.url, '/trade/cancel', { id: h.id }, session(g!))
    }
    case 'price': {
      // A print at `percent` % of the last price: the resting orders it crosses fill.
      const quote = t.app.market.snapshot(TOYOTA)!
      const price = Number(priceNear(t, TOYOTA, c.percent)) / 10_000
      await t.app.broker.trading.matcher.match([{ ...quote, price }])
      return { http: 200, status: 1 }
    }
    case 'creditBuy':
      return buy(t, g!, { num: String(c.lots * LOT), leverage: String(c.leverage) })
    case 'trust': {
      // An open credit holding, or an ended one whose sale left part of its debt owed.
      const ended = await post<ClosedHoldingList>(c.user, '/trade/userstocklists', { type: 'jpy' })
      const owing = [...(await openRows(c.user)), ...holdingRows(ended)].filter(
        (r) => r.credit && units(r.credit.debt) > 0n,
      )
      const h = at(owing, c.pick)
      if (!h) return 'nothing'
      const form = { id: h.id, credit: String(c.yen), idem: idem() }
      return vue(t.url, '/trade/ustocks', form, session(g!))
    }
    case 'trustReview': {
      const rows = await post<WireCreditRequest[]>(c.user, '/trade/ustockslist', { type: 'jpy' })
      const pending = rows.find((r) => r.status === 0)
      if (!pending) return 'nothing'
      return c.approve
        ? ops(t, 'POST', `/reviews/credit/${pending.id}/approve`, {})
        : ops(t, 'POST', `/reviews/credit/${pending.id}/reject`, { reason: 'declined' })
    }
    case 'creditJob':
      await t.app.broker.trading.creditJobs.runOnce()
      return { http: 200, status: 1 }
    case 'shock': {
      // The credit job as the app builds it, reading a market `percent` % of the real one: a
      // fall calls, an unmet call past its deadline liquidates (the loan repaid first).
      const jobs = createCreditJobs({
        db: t.app.db,
        clock: t.app.clock,
        ledger: t.app.broker.ledger,
        settings: t.app.config.trading,
        messages: t.app.broker.messages,
        market: {
          snapshot: (code) => {
            const quote = t.app.market.snapshot(code)
            return quote && { ...quote, price: (quote.price * c.percent) / 100 }
          },
        },
        userEvents: { emit: () => undefined },
        everyMs: 3_600_000,
        onError: (error) => {
          throw error
        },
      })
      await jobs.runOnce()
      return { http: 200, status: 1 }
    }
    case 'borrow':
      return requestLoan(t, g!, { money: String(c.tenThousands * 10_000) })
    case 'loanReview': {
      const pending = (await loanList(t, g!)).find((r) => r.status === 0)
      if (!pending) return 'nothing'
      return decideLoan(t, pending.id, c.approve ? undefined : 'income_unconfirmed')
    }
    case 'repay': {
      const owed = (await loanList(t, g!)).find((r: LoanRecord) => r.status === 1)
      if (!owed) return 'nothing'
      return repay(t, g!, { id: owed.id, money: owed.owed })
    }
    case 'deposit':
      return recharge(t, g!, {
        money: String(c.tenThousands * 10_000),
        voucher: await voucher(t, g!),
      })
    case 'depositReview': {
      const rows = await post<DepositRecord[]>(c.user, '/user/rechargelist', { type: 'jpy' })
      const pending = rows.find((r) => r.status === 0)
      if (!pending) return 'nothing'
      return c.approve
        ? approve(t, 'deposit', pending.id)
        : reject(t, 'deposit', pending.id, 'no transfer found')
    }
    case 'withdraw':
      return vue(
        t.url,
        '/user/withdraw',
        {
          type: 'jpy',
          money: String(c.tenThousands * 10_000),
          bank_id: cards[c.user]!,
          fund_password: FUND_PASSWORD,
          idem: idem(),
        },
        session(g!),
      )
    case 'withdrawReview': {
      const rows = await post<WithdrawalRecord[]>(c.user, '/user/withdrawallist', { type: 'jpy' })
      const pending = rows.find((r) => r.status === 0)
      if (!pending) return 'nothing'
      return c.approve
        ? approve(t, 'withdraw', pending.id)
        : reject(t, 'withdraw', pending.id, 'name mismatch')
    }
    case 'ipoOffer': {
      const now = t.app.clock.now()
      const answer = await ops(t, 'POST', '/ipo', {
        code: `EL${codes++}`,
        type: 'jpy',
        name: { ja: '混合', zh: '混合', en: 'Mixed' },
        price: '1000',
        lot: LOT,
        per_user_limit: 3 * LOT,
        lots_offered: c.lots,
        subscribe_start: now - HOUR,
        subscribe_end: now + HOUR,
        lottery_at: now + HOUR,
        pay_deadline: now + 4 * DAY,
        listing_at: now + 5 * DAY,
        underwriter: 'Mixed Securities',
        summary: { ja: '概要', zh: '概要', en: 'Summary' },
      })
      if (answer.status === 1) ipoOffers.push((answer.data as { id: string }).id)
      return answer
    }
    case 'subscribe': {
      const id = at(ipoOffers.slice(-3), c.offer)
      if (id === undefined) return 'nothing'
      return subscribe(t, g!, { id, num: String(c.lots * LOT) })
    }
    case 'draw': {
      const id = at(ipoOffers.slice(-3), c.offer)
      if (id === undefined) return 'nothing'
      return ops(t, 'POST', `/ipo/${id}/draw`)
    }
    case 'ipoJob':
      // Draws at the lottery time, waivers after the deadline, listings.
      await t.app.broker.ipo.jobs.runOnce()
      return { http: 200, status: 1 }
    case 'pay':
    case 'waive': {
      const rows = await post<IpoApplication[]>(c.user, '/trade/usernewstocklist', { type: 'jpy' })
      const app = at(
        rows.filter((r) => r.status === 2),
        c.pick,
      )
      if (!app) return 'nothing'
      return settle(t, g!, c.op === 'pay' ? 'newstockPay' : 'newstockWaive', { id: app.id })
    }
    case 'blockOffer': {
      const offer = await newOffer(t, {
        lots: c.lots,
        max_lots: Math.min(c.max, c.lots),
        closes_at: t.app.clock.now() + 45 * MINUTE,
      })
      blockOffers.push(offer.id)
      return { http: 200, status: 1 }
    }
    case 'blockBuy': {
      const id = at(blockOffers.slice(-3), c.pick)
      if (id === undefined) return 'nothing'
      return blockBuy(t, g!, { id, num: String(c.lots * LOT) })
    }
    case 'blockReview': {
      const rows = await post<BlockOrder[]>(c.user, '/trade/userblocklist', {
        type: 'jpy',
        status: 'pending',
      })
      const pending = rows.find((r) => r.status === 0)
      if (!pending) return 'nothing'
      return c.approve ? approveBlock(t, pending.id) : rejectBlock(t, pending.id)
    }
    case 'productNew': {
      return postProduct(t, {
        issuer_code: `el-issuer-${codes % 3}`,
        issuer: 'Mixed Issuer',
        lock_days: c.lockDays,
        min: '10000',
        capacity: '5000000',
        deadline: tradingDaysAhead(c.days),
      })
    }
    case 'productBuy': {
      const open = (await post<Product[]>(c.user, '/trade/productlist', { type: 'jpy' })).filter(
        (p) => p.phase === 'open',
      )
      const product = at(open, c.pick)
      if (!product) return 'nothing'
      return productBuy(t, g!, { id: product.id, money: String(c.tenThousands * 10_000) })
    }
    case 'productEnd': {
      const rows = await post<ProductOrder[]>(c.user, '/trade/userproductlist', { type: 'jpy' })
      const order = at(
        rows.filter((r) => r.status === 0),
        c.pick,
      )
      if (!order) return 'nothing'
      return productEnd(t, g!, order.id)
    }
    case 'day': {
      // The next trading morning: the day's accrual and close (15:30 Tokyo) pass on the way, and
      // their jobs run (the follow products' profit, the day-trading forced flat).
      await moveClock(nextMorning())
      await t.app.broker.products.jobs.runOnce()
      await t.app.broker.daytrade.jobs.runOnce()
      return { http: 200, status: 1 }
    }
    case 'dtApply':
      return applyDaytrade(t, g!, { money: String(c.tenThousands * 10_000) })
    case 'dtReview': {
      const pending = (await daytradeList(t, g!)).find((p) => p.status === 0)
      if (!pending) return 'nothing'
      return c.approve ? approveDaytrade(t, pending.id) : rejectDaytrade(t, pending.id)
    }
    case 'dtOrder': {
      const open = (await daytradeList(t, g!)).find((p) => p.status === 1 || p.status === 4)
      if (!open) return 'nothing'
      const price: Record<string, string> = c.limit
        ? { price: formatUnits(lastUnits(t, TOYOTA)) }
        : {}
      return daytradeOrder(t, g!, {
        id: open.id,
        code: TOYOTA,
        side: c.side,
        num: String(c.lots * LOT),
        ...price,
      })
    }
    case 'flat': {
      // The day-trading job, at the next close when asked (applied days start, closes settle).
      if (c.toClose) {
        const lists = await Promise.all(grants.map((g) => daytradeList(t, g)))
        const closes = lists
          .flat()
          .filter((p: DaytradeParticipation) => p.status === 1 || p.status === 4)
          .map((p) => p.closes_at ?? Infinity)
        const next = Math.min(...closes)
        if (Number.isFinite(next)) await moveClock(next + 1)
      }
      await t.app.broker.daytrade.jobs.runOnce()
      return { http: 200, status: 1 }
    }
    case 'clock':
      await moveClock(t.app.clock.now() + c.minutes * MINUTE)
      return { http: 200, status: 1 }
  }
}

/** Runs one command; its outcome for the tally: `ok`, `nothing` or the refusal's message. */
async function run(c: Command): Promise<string> {
  const answer = await send(c)
  if (typeof answer === 'string') return answer
  // A refusal is an outcome like any other, but only as a message key (the operator's calls
  // answer theirs with a 4xx) and never a bug: no 5xx, no `network_error`, no `invalid_input`
  // (every form here is well made).
  const what = `${JSON.stringify(c)} → ${answer.http} ${answer.msg}`
  if (answer.status === 1) {
    expect(answer.http, what).toBe(200)
    successes.set(c.op, (successes.get(c.op) ?? 0) + 1)
    return 'ok'
  }
  expect(answer.http, what).toBeLessThan(500)
  expect(answer.msg, what).toMatch(/^[a-z][a-z_0-9]*$/)
  expect(['network_error', 'invalid_input'], what).not.toContain(answer.msg)
  return answer.msg!
}

// ── Invariants ──────────────────────────────────────────────────────────────────────────────────

const sum = <T>(rows: readonly T[], keep: (r: T) => boolean, amount: (r: T) => string) =>
  rows.reduce((s, r) => (keep(r) ? s + units(amount(r)) : s), 0n)

/** Spec §7 over the Positions screen's calls equals the user's ledger books, and the cross-checks. */
async function expectUserAgrees(i: number) {
  const type = { type: 'jpy' }
  const [
    userinfo,
    newStocks,
    withdrawals,
    products,
    credits,
    holdings,
    blocks,
    ended,
    loans,
    days,
  ] = await Promise.all([
    post<Userinfo>(i, '/user/getUserinfo', type),
    post<IpoApplication[]>(i, '/trade/usernewstocklist', type),
    post<WithdrawalRecord[]>(i, '/user/withdrawallist', type),
    post<ProductOrder[]>(i, '/trade/userproductlist', type),
    post<WireCreditRequest[]>(i, '/trade/ustockslist', type),
    post<HoldingList>(i, '/trade/userstocklist', type),
    post<BlockOrder[]>(i, '/trade/userblocklist', { ...type, status: 'pending' }),
    post<ClosedHoldingList>(i, '/trade/userstocklists', type),
    loanList(t, grants[i]!),
    daytradeList(t, grants[i]!),
  ])
  const books = await t.app.broker.ledger.balances(t.app.db, userIds[i]!, 'JPY')
  const assets = deriveAssets({
    type: 'jpy',
    userinfo,
    newStocks,
    withdrawals,
    products,
    credits,
    holdings,
    blocks,
    daytrades: days,
  })
  expect(
    {
      available: assets.available,
      frozenCash: assets.frozenCash,
      borrowed: assets.borrowed,
    },
    `§7 of user ${i}`,
  ).toEqual({
    available: formatUnits(books.available),
    frozenCash: formatUnits(books.frozen),
    borrowed: formatUnits(books.borrowed + books.credit),
  })
  // The product book: the open follow orders' money, each its principal plus the profit so far.
  const following = products.filter((o) => o.status === 0)
  for (const o of following) {
    expect(units(o.money), `order ${o.id}`).toBe(units(o.principal) + units(o.profit))
  }
  const productMoney = sum(
    following,
    () => true,
    (o) => o.money,
  )
  expect(formatUnits(productMoney), 'product book').toBe(formatUnits(books.product))
  // The credit book: the debts of the credit holdings, open and ended (a sale that could not
  // repay the whole debt, as a liquidation after a fall, leaves the rest owed on its row).
  const credited = [...holdingRows(holdings), ...holdingRows(ended)]
  const debts = sum(
    credited,
    (h) => h.credit !== undefined,
    (h) => h.credit!.debt,
  )
  expect(formatUnits(debts), 'credit book').toBe(formatUnits(books.credit))
  // The borrowed book: the principal of the loans owed.
  const owed = sum(
    loans,
    (l) => l.status === 1,
    (l) => l.money,
  )
  expect(formatUnits(owed), 'borrowed book').toBe(formatUnits(books.borrowed))
}

/** No draw and no block allocation hands out more than was offered. */
async function expectAllocationsWithinOffers() {
  for (const id of ipoOffers) {
    const offer = await t.app.db
      .selectFrom('ipo_offers')
      .select(['lots_offered'])
      .where('id', '=', BigInt(id))
      .executeTakeFirstOrThrow()
    const won = await t.app.db
      .selectFrom('ipo_applications')
      .select(['won_lots'])
      .where('offer_id', '=', BigInt(id))
      .execute()
    expect(won.reduce((s, a) => s + a.won_lots, 0n)).toBeLessThanOrEqual(offer.lots_offered)
  }
  for (const id of blockOffers) {
    const offer = await t.app.db
      .selectFrom('block_offers')
      .select(['lots', 'lot'])
      .where('id', '=', BigInt(id))
      .executeTakeFirstOrThrow()
    const orders = await t.app.db
      .selectFrom('block_orders')
      .select(['allocated', 'num'])
      .where('offer_id', '=', BigInt(id))
      .execute()
    let allocated = 0n
    for (const o of orders) {
      expect(o.allocated ?? 0n).toBeLessThanOrEqual(o.num)
      allocated += o.allocated ?? 0n
    }
    expect(allocated).toBeLessThanOrEqual(offer.lots * offer.lot)
  }
}

/** Operator and job commands can move anyone's books; a user's own command, only theirs. */
const touched = (c: Command) => ('user' in c ? [c.user] : [...userIds.keys()])
const ALLOCATING: ReadonlySet<Op> = new Set(['draw', 'ipoJob', 'subscribe', 'blockReview'])

async function expectInvariants(c: Command) {
  const check = await ops(t, 'GET', '/ledger/check')
  expect(check.data, JSON.stringify(c)).toEqual({ ok: true, violations: [] })
  await Promise.all(touched(c).map(expectUserAgrees))
  if (ALLOCATING.has(c.op)) await expectAllocationsWithinOffers()
}

it(`keeps the ledger and §7 equal over ${RUNS} histories mixing every product line`, async () => {
  const started = performance.now()
  let steps = 0
  let histories = 0
  await fc.assert(
    fc.asyncProperty(
      opening,
      fc.array(commandArb, { minLength: 8, maxLength: 26 }),
      async (first, rest) => {
        if (performance.now() - started > BUDGET_MS) return
        histories++
        const commands = [...first, ...rest]
        for (const c of commands) {
          // Sessions last 30 days of the gateway's clock, which the history moves on.
          if (t.app.clock.now() - loggedInAt > 20 * DAY) {
            for (let i = 0; i < USERS; i++) grants[i] = await relogin(t, grants[i]!)
            loggedInAt = t.app.clock.now()
          }
          const outcome = `${c.op}:${await run(c)}`
          tally.set(outcome, (tally.get(outcome) ?? 0) + 1)
          steps++
          await expectInvariants(c)
        }
      },
    ),
    { numRuns: RUNS },
  )
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  const sorted = Object.fromEntries([...tally].sort(([a], [b]) => (a < b ? -1 : 1)))
  console.info(
    `every-line property (${t.database.kind}): ${histories} of ${RUNS} histories, ${steps} steps in ${seconds} s`,
    sorted,
  )
  // A history where nothing succeeds proves nothing: every line had a success.
  for (const [line, lineOps] of Object.entries(LINES)) {
    const done = lineOps.reduce((n, op) => n + (successes.get(op) ?? 0), 0)
    expect(done, line).toBeGreaterThan(0)
  }
}, 300_000)
