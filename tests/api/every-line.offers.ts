import type { BlockOrder } from '@kabu/shared/api/block'
import type { DaytradeParticipation } from '@kabu/shared/api/daytrade'
import type { IpoApplication } from '@kabu/shared/api/ipo'
import type { Product, ProductOrder } from '@kabu/shared/api/follow'
import { formatUnits } from '@kabu/shared/money/decimal'
import { approveBlock, blockBuy, newOffer, rejectBlock } from './block.support'
import {
  applyDaytrade,
  approveDaytrade,
  daytradeList,
  daytradeOrder,
  rejectDaytrade,
} from './daytrade.support'
import { LOT } from './every-line.commands'
import {
  at,
  DAY,
  HOUR,
  moveClock,
  nextMorning,
  post,
  tradingDaysAhead,
  type Handlers,
  type World,
} from './every-line.support'
import { ops } from './funds.support'
import { settle, subscribe } from './ipo.support'
import { postProduct, productBuy, productEnd } from './follow.support'
import { lastUnits, MINUTE, TOYOTA } from './trading.support'

/**
 * The every-line property's commands on the offer lines: IPOs, block trades, follow products and
 * day trading, with the days and the clock that move them on.
 */

/** Pays or waives one of the user's won IPO applications. */
async function settleWon(w: World, c: { op: 'pay' | 'waive'; user: number; pick: number }) {
  const rows = await post<IpoApplication[]>(w, c.user, '/trade/usernewstocklist', { type: 'jpy' })
  const app = at(
    rows.filter((r) => r.status === 2),
    c.pick,
  )
  if (!app) return 'nothing'
  const op = c.op === 'pay' ? 'newstockPay' : 'newstockWaive'
  return settle(w.t, w.grants[c.user]!, op, { id: app.id })
}

export const offerCommands: Handlers<
  | 'ipoOffer'
  | 'subscribe'
  | 'draw'
  | 'ipoJob'
  | 'pay'
  | 'waive'
  | 'blockOffer'
  | 'blockBuy'
  | 'blockReview'
  | 'productNew'
  | 'productBuy'
  | 'productEnd'
  | 'day'
  | 'dtApply'
  | 'dtReview'
  | 'dtOrder'
  | 'flat'
  | 'clock'
> = {
  // New shares.
  async ipoOffer(w, c) {
    const now = w.t.app.clock.now()
    const answer = await ops(w.t, 'POST', '/ipo', {
      code: `EL${w.codes++}`,
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
    if (answer.status === 1) w.ipoOffers.push((answer.data as { id: string }).id)
    return answer
  },
  async subscribe(w, c) {
    const id = at(w.ipoOffers.slice(-3), c.offer)
    if (id === undefined) return 'nothing'
    return subscribe(w.t, w.grants[c.user]!, { id, num: String(c.lots * LOT) })
  },
  async draw(w, c) {
    const id = at(w.ipoOffers.slice(-3), c.offer)
    if (id === undefined) return 'nothing'
    return ops(w.t, 'POST', `/ipo/${id}/draw`)
  },
  async ipoJob({ t }) {
    // Draws at the lottery time, waivers after the deadline, listings.
    await t.app.broker.ipo.jobs.runOnce()
    return { http: 200, status: 1 }
  },
  pay: settleWon,
  waive: settleWon,
  // Block trades.
  async blockOffer(w, c) {
    const offer = await newOffer(w.t, {
      lots: c.lots,
      max_lots: Math.min(c.max, c.lots),
      closes_at: w.t.app.clock.now() + 45 * MINUTE,
    })
    w.blockOffers.push(offer.id)
    return { http: 200, status: 1 }
  },
  async blockBuy(w, c) {
    const id = at(w.blockOffers.slice(-3), c.pick)
    if (id === undefined) return 'nothing'
    return blockBuy(w.t, w.grants[c.user]!, { id, num: String(c.lots * LOT) })
  },
  async blockReview(w, c) {
    const rows = await post<BlockOrder[]>(w, c.user, '/trade/userblocklist', {
      type: 'jpy',
      status: 'pending',
    })
    const pending = rows.find((r) => r.status === 0)
    if (!pending) return 'nothing'
    return c.approve ? approveBlock(w.t, pending.id) : rejectBlock(w.t, pending.id)
  },
  // Follow products.
  productNew: (w, c) =>
    postProduct(w.t, {
      issuer_code: `el-issuer-${w.codes % 3}`,
      issuer: 'Mixed Issuer',
      lock_days: c.lockDays,
      min: '10000',
      capacity: '5000000',
      deadline: tradingDaysAhead(w, c.days),
    }),
  async productBuy(w, c) {
    const open = (await post<Product[]>(w, c.user, '/trade/productlist', { type: 'jpy' })).filter(
      (p) => p.phase === 'open',
    )
    const product = at(open, c.pick)
    if (!product) return 'nothing'
    const money = String(c.tenThousands * 10_000)
    return productBuy(w.t, w.grants[c.user]!, { id: product.id, money })
  },
  async productEnd(w, c) {
    const rows = await post<ProductOrder[]>(w, c.user, '/trade/userproductlist', { type: 'jpy' })
    const order = at(
      rows.filter((r) => r.status === 0),
      c.pick,
    )
    if (!order) return 'nothing'
    return productEnd(w.t, w.grants[c.user]!, order.id)
  },
  async day(w) {
    // The next trading morning: the day's accrual and close (15:30 Tokyo) pass on the way, and
    // their jobs run (the follow products' profit, the day-trading forced flat).
    await moveClock(w, nextMorning(w))
    await w.t.app.broker.products.jobs.runOnce()
    await w.t.app.broker.daytrade.jobs.runOnce()
    return { http: 200, status: 1 }
  },
  // Day trading.
  dtApply: ({ t, grants }, c) =>
    applyDaytrade(t, grants[c.user]!, { money: String(c.tenThousands * 10_000) }),
  async dtReview({ t, grants }, c) {
    const pending = (await daytradeList(t, grants[c.user]!)).find((p) => p.status === 0)
    if (!pending) return 'nothing'
    return c.approve ? approveDaytrade(t, pending.id) : rejectDaytrade(t, pending.id)
  },
  async dtOrder({ t, grants }, c) {
    const g = grants[c.user]!
    const open = (await daytradeList(t, g)).find((p) => p.status === 1 || p.status === 4)
    if (!open) return 'nothing'
    const price: Record<string, string> = c.limit
      ? { price: formatUnits(lastUnits(t, TOYOTA)) }
      : {}
    return daytradeOrder(t, g, {
      id: open.id,
      code: TOYOTA,
      side: c.side,
      num: String(c.lots * LOT),
      ...price,
    })
  },
  async flat(w, c) {
    // The day-trading job, at the next close when asked (applied days start, closes settle).
    if (c.toClose) {
      const lists = await Promise.all(w.grants.map((g) => daytradeList(w.t, g)))
      const closes = lists
        .flat()
        .filter((p: DaytradeParticipation) => p.status === 1 || p.status === 4)
        .map((p) => p.closes_at ?? Infinity)
      const next = Math.min(...closes)
      if (Number.isFinite(next)) await moveClock(w, next + 1)
    }
    await w.t.app.broker.daytrade.jobs.runOnce()
    return { http: 200, status: 1 }
  },
  // The clock.
  async clock(w, c) {
    await moveClock(w, w.t.app.clock.now() + c.minutes * MINUTE)
    return { http: 200, status: 1 }
  },
}
