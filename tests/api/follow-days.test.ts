import { io as connect } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accruedThrough } from '@kabu/shared/api/follow'
import { parseUnits } from '@kabu/shared/money/decimal'
import { USER_NAMESPACE, type UserEvent } from '@kabu/shared/realtime'
import { settleDue } from '../../gateway/src/broker/follow/settle'
import type { TestApp } from '../support/app'
import { expectLedgerConsistent } from '../support/invariants'
import {
  accrualOn,
  atTokyo,
  day,
  booksOf,
  bought,
  follower,
  issuerIdOf,
  MONDAY,
  myOrder,
  newProduct,
  passAt,
  productBuy,
  productEnd,
  profitLines,
  startProductApp,
  userBooks,
} from './follow.support'

/**
 * Follow products on the clock: each trading day's profit a ledger line of its own, exact by the
 * published rule (floor to the yen of principal × rate × days, the cut carried), paid once however
 * often or by how many the job runs, nothing on a weekend; the lock-up, the user's end, and the
 * return at the deadline; the issuer's book never below zero.
 */

let t: TestApp
let n = 0
const account = () => `fd${n++}x${Date.now() % 100000}`
const yen = (text: string) => parseUnits(text)!

beforeAll(async () => {
  t = await startProductApp()
})
afterAll(() => t.stop())

describe('a day’s profit', () => {
  it('accrues exactly, a line a day, the cut carried, never twice', async () => {
    t.app.clock.set(MONDAY)
    // Until the next Friday 16:00: accruals Mon 3 … Fri 7, Mon 10 … Fri 14 (ten days).
    const p = await newProduct(t, {
      issuer_code: 'exact-issuer',
      daily_rate: '0.0013',
      deadline: atTokyo(day(11), '16:00'),
    })
    const g = await follower(t, account())
    const id = await bought(t, g, p.id, '333333')
    const order = await myOrder(t, g, id)
    expect(order.max_profit).toBe('4333') // floor(333,333 × 0.0013 × 10) = floor(4333.329)
    // Before 15:30 nothing is due.
    await passAt(t, accrualOn(day(0)) - 60_000)
    expect(await profitLines(t, order.order_no)).toEqual([])
    await passAt(t, accrualOn(day(0)))
    // Run the job again and, at the same time, a second gateway's pass: still one line.
    await Promise.all([
      t.app.broker.products.jobs.runOnce(),
      settleDue(t.app.db, t.app.broker.ledger, t.app.clock.now()),
      settleDue(t.app.db, t.app.broker.ledger, t.app.clock.now()),
    ])
    expect(await profitLines(t, order.order_no)).toEqual([yen('433')])
    // Three days later (Thursday evening): Tue, Wed, Thu, each its own line.
    await passAt(t, accrualOn(day(3)) + 3_600_000)
    // Cumulative floor(433.3329 × d): 433, 866, 1299, 1733 → 433, 433, 433, 434.
    expect(await profitLines(t, order.order_no)).toEqual(
      [433, 433, 433, 434].map((y) => yen(`${y}`)),
    )
    // Friday, the weekend (no accrual), Monday.
    await passAt(t, atTokyo(day(6), '20:00'))
    expect((await profitLines(t, order.order_no)).length).toBe(5)
    await passAt(t, accrualOn(day(7)))
    const lines = await profitLines(t, order.order_no)
    expect(lines.length).toBe(6)
    const total = lines.reduce((a, b) => a + b, 0n)
    expect(total).toBe(accruedThrough(yen('333333'), '0.0013', 6, 'JPY'))
    const after = await myOrder(t, g, id)
    expect(after).toMatchObject({ days: 6, profit: '2599', money: '335932', state: 'following' })
    expect((await booksOf(t, g.account)).product).toBe(yen('335932'))
    const detail = await t.app.broker.products.service.order(await userIdOfOrder(id), BigInt(id))
    expect(detail.accruals.map((a) => a.day)).toEqual([0, 1, 2, 3, 4, 7].map(day))
    await expectLedgerConsistent(t.app.db)
  })

  it('returns principal and every day’s profit at the deadline, by itself', async () => {
    t.app.clock.set(MONDAY)
    const p = await newProduct(t, { issuer_code: 'deadline-issuer', capacity: '500000' })
    const g = await follower(t, account(), '1000000')
    const id = await bought(t, g, p.id, '500000')
    const issuerId = await issuerIdOf(t, 'deadline-issuer')
    const funded = (await userBooks(t, issuerId)).available
    // Thursday morning: Mon–Wed paid, the order still following.
    await passAt(t, atTokyo(day(3), '09:00'))
    expect((await myOrder(t, g, id)).profit).toBe('1500')
    // Saturday: Thursday's and Friday's days paid, then the deadline's return.
    await passAt(t, atTokyo(day(5), '09:00'))
    const ended = await myOrder(t, g, id)
    expect(ended).toMatchObject({
      status: 1,
      state: 'ended',
      end_reason: 'deadline',
      profit: '2500',
      money: '502500',
      days: 5,
    })
    const books = await booksOf(t, g.account)
    expect(books).toMatchObject({ available: yen('1002500'), product: 0n })
    // The issuer paid exactly the profit and is at zero, never below.
    expect((await userBooks(t, issuerId)).available).toBe(funded - yen('2500'))
    expect(funded - yen('2500')).toBe(0n)
    // Another pass changes nothing.
    await passAt(t, atTokyo(day(7), '20:00'))
    expect(await booksOf(t, g.account)).toEqual(books)
    await expectLedgerConsistent(t.app.db)
  })
})

describe('the holder hears it', () => {
  it('on /user: product:updated after each pass that paid a day, and after the return', async () => {
    t.app.clock.set(MONDAY)
    const p = await newProduct(t, { issuer_code: 'told-issuer' })
    const g = await follower(t, account())
    const id = await bought(t, g, p.id, '100000')
    const socket = connect(`${t.url}${USER_NAMESPACE}`, {
      transports: ['websocket'],
      reconnection: false,
      auth: { token: g.token, account: g.account },
    })
    const heard: UserEvent[] = []
    ;(socket as unknown as { on(name: string, fn: (e: UserEvent) => void): void }).on(
      'product:updated',
      (e) => heard.push(e),
    )
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve())
      socket.once('connect_error', reject)
    })
    try {
      await passAt(t, accrualOn(day(0)))
      await expect.poll(() => heard).toEqual([{ type: 'product:updated', id, status: 'accrued' }])
      // Saturday: Tuesday to Friday paid in one pass, then the deadline's return.
      await passAt(t, atTokyo(day(5), '09:00'))
      await expect
        .poll(() => heard.map((e) => (e as { status: string }).status))
        .toEqual(['accrued', 'accrued', 'returned'])
    } finally {
      socket.close()
    }
  })
})

describe('the lock-up and the user’s end', () => {
  it('refuses the end inside the lock-up and returns everything after it', async () => {
    t.app.clock.set(MONDAY)
    const p = await newProduct(t, { issuer_code: 'lock-issuer', lock_days: 2 })
    const g = await follower(t, account(), '100000')
    const id = await bought(t, g, p.id, '100000')
    const { lock_until } = await myOrder(t, g, id)
    t.app.clock.set(lock_until - 60_000)
    expect((await productEnd(t, g, id)).msg).toBe('product_locked')
    expect((await myOrder(t, g, id)).state).toBe('locked')
    // Wednesday 10:00: the lock-up is over; Mon and Tue are due and paid before the end.
    t.app.clock.set(lock_until)
    expect((await myOrder(t, g, id)).state).toBe('following')
    const idem = 'end-once-0001'
    const answer = await productEnd(t, g, id, idem)
    expect(answer.status).toBe(1)
    expect(answer.data).toMatchObject({ status: 1, state: 'ended', end_reason: 'user' })
    expect((answer.data as { profit: string }).profit).toBe('200')
    expect(await booksOf(t, g.account)).toMatchObject({ available: yen('100200'), product: 0n })
    // The same key answers the same; a new one finds the order ended.
    expect((await productEnd(t, g, id, idem)).data).toEqual(answer.data)
    expect((await productEnd(t, g, id)).msg).toBe('order_not_holding')
    // No day is paid to an ended order.
    await passAt(t, atTokyo(day(5), '09:00'))
    expect((await myOrder(t, g, id)).profit).toBe('200')
    const other = await follower(t, account())
    expect((await productEnd(t, other, id)).msg).toBe('not_found')
    await expectLedgerConsistent(t.app.db)
  })

  it('refuses a buy once no accrual day is left before the deadline', async () => {
    t.app.clock.set(MONDAY)
    const p = await newProduct(t, { issuer_code: 'late-issuer' })
    const g = await follower(t, account())
    t.app.clock.set(accrualOn(day(4)))
    const answer = await productBuy(t, g, { id: p.id, money: '20000' })
    expect(answer.msg).toBe('product_time_limit_passed')
    t.app.clock.set(atTokyo(day(4), '17:00'))
    const late = await productBuy(t, g, { id: p.id, money: '20000' })
    expect(late.msg).toBe('product_time_limit_passed')
  })
})

async function userIdOfOrder(id: string): Promise<bigint> {
  const row = await t.app.db
    .selectFrom('product_orders')
    .select('user_id')
    .where('id', '=', BigInt(id))
    .executeTakeFirstOrThrow()
  return row.user_id
}
