import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { DepositRecord, RechargeChannel } from '@kabu/shared/api/funds'
import type { InboxPage } from '@kabu/shared/api/inbox'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { TestApp } from '../support/app'
import { newUser, verifiedUser } from '../support/identity'
import { expectLedgerConsistent } from '../support/invariants'
import { session, brokerApi, brokerData } from '../support/broker'
import {
  approve,
  available,
  BANK_DAY_10AM,
  idem,
  recharge,
  reject,
  startFundsApp,
  voucher,
} from './funds.support'

let t: TestApp
let alice: SessionGrant
let n = 0
const fresh = () => newUser(t, `dep${Date.now() % 100000}${n++}`)

beforeAll(async () => {
  t = await startFundsApp({ DEPOSIT_MIN_JPY: '1000' })
  alice = await newUser(t, 'depalice')
})
afterAll(() => t.stop())
afterEach(async () => {
  t.app.clock.set(BANK_DAY_10AM)
  await expectLedgerConsistent(t.app.db)
})

const list = (grant: SessionGrant, type = 'jpy') =>
  brokerData<DepositRecord[]>(t.url, '/user/rechargelist', { type }, session(grant))
const count = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('deposits')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('deposit channels', () => {
  it("show the broker's bank account, the user's reference, the limits and the window", async () => {
    const [channel] = await brokerData<RechargeChannel[]>(
      t.url,
      '/user/rechargeChannels',
      { type: 'jpy' },
      session(alice),
    )
    expect(channel).toMatchObject({
      id: 'bank_transfer',
      reference: alice.account,
      min: '1000',
      max: '500000',
      currency: 'JPY',
      window: '00:00-23:59',
      open: true,
    })
    expect(channel?.bank).toContain('みずほ')
  })

  it('convert the yen limits to the US wallet at the reference rate', async () => {
    const [usd] = await brokerData<RechargeChannel[]>(
      t.url,
      '/user/rechargeChannels',
      { type: 'usd' },
      session(alice),
    )
    expect(usd?.currency).toBe('USD')
    // 500,000 yen at 152 yen a dollar, rounded down to the cent; 1,000 yen rounded up.
    expect(usd?.max).toBe('3289.47')
    expect(usd?.min).toBe('6.58')
  })

  it('raise the maximum once identity is verified', async () => {
    const verified = await verifiedUser(t, 'depverified')
    const [channel] = await brokerData<RechargeChannel[]>(
      t.url,
      '/user/rechargeChannels',
      { type: 'jpy' },
      session(verified),
    )
    expect(channel?.max).toBe('10000000000')
    const big = await recharge(t, verified, { money: '600000' })
    expect(big.status).toBe(1)
  })
})

describe('a deposit request', () => {
  it('refuses bad amounts with their keys and writes nothing', async () => {
    const before = await count()
    const cases: Array<[Record<string, string>, string]> = [
      [{}, 'amount_required'],
      [{ money: '' }, 'amount_required'],
      [{ money: 'abc' }, 'amount_invalid'],
      [{ money: '0' }, 'amount_invalid'],
      [{ money: '-5000' }, 'amount_invalid'],
      [{ money: '1000.5' }, 'amount_invalid'],
      [{ money: '1e5' }, 'amount_invalid'],
      [{ money: '99999999999999999999' }, 'amount_invalid'],
      [{ money: '999' }, 'amount_below_minimum'],
      [{ money: '500001' }, 'amount_above_maximum'],
      [{ money: '5000', channel: 'cash' }, 'invalid_input'],
      [{ money: '5000', voucher: 'nope' }, 'not_found'],
      [{ money: '5000', idem: 'x' }, 'invalid_input'],
    ]
    for (const [form, key] of cases) {
      const answer = await recharge(t, alice, form)
      expect([JSON.stringify(form), answer.status, answer.msg]).toEqual([
        JSON.stringify(form),
        0,
        key,
      ])
    }
    expect(await count()).toBe(before)
  })

  it("refuses another user's voucher", async () => {
    const bob = await fresh()
    const answer = await recharge(t, alice, { money: '5000', voucher: await voucher(t, bob) })
    expect(answer.msg).toBe('not_found')
  })

  it('is accepted only on bank business days inside the window', async () => {
    const bob = await fresh()
    for (const at of [
      Date.UTC(2026, 2, 7, 1), // Saturday
      Date.UTC(2026, 0, 2, 1), // Jan 2: banks closed
      Date.UTC(2026, 2, 20, 1), // 春分の日
    ]) {
      t.app.clock.set(at)
      expect((await recharge(t, bob, { money: '5000' })).msg).toBe('deposit_window_closed')
    }
    t.app.clock.set(BANK_DAY_10AM)
    expect((await recharge(t, bob, { money: '5000' })).status).toBe(1)
  })

  it('allows one pending deposit at a time', async () => {
    const bob = await fresh()
    const first = await recharge(t, bob, { money: '5000' })
    expect(first.status).toBe(1)
    expect((await recharge(t, bob, { money: '6000' })).msg).toBe('deposit_pending')
    await reject(t, 'deposit', (first.data as { id: string }).id, 'no money arrived')
    expect((await recharge(t, bob, { money: '6000' })).status).toBe(1)
  })

  it('lets only one of many concurrent deposits in', async () => {
    const bob = await fresh()
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => recharge(t, bob, { money: '5000' })),
    )
    expect(answers.filter((a) => a.status === 1)).toHaveLength(1)
    expect(answers.filter((a) => a.msg === 'deposit_pending')).toHaveLength(19)
  })

  it('answers a retry with the first result, and another body with idempotency_conflict', async () => {
    const bob = await fresh()
    const key = idem()
    const first = await recharge(t, bob, { money: '5000', idem: key })
    const again = await recharge(t, bob, { money: '5000', idem: key })
    expect(again.data).toEqual(first.data)
    expect((await recharge(t, bob, { money: '7000', idem: key })).msg).toBe('idempotency_conflict')
    expect(await list(bob)).toHaveLength(1)
  })
})

describe('deposit review', () => {
  it('credits the wallet on approval, once', async () => {
    const bob = await fresh()
    const answer = await recharge(t, bob, { money: '12345', voucher: await voucher(t, bob) })
    const id = (answer.data as { id: string }).id
    expect((await list(bob))[0]).toMatchObject({ id, status: 0, money: '12345', decided: null })
    expect(await available(t, bob)).toBe('0')

    expect((await approve(t, 'deposit', id)).status).toBe(1)
    expect(await available(t, bob)).toBe('12345')
    const [row] = await list(bob)
    expect(row).toMatchObject({ status: 1, reason: null })
    expect(row?.decided).toBeGreaterThanOrEqual(BANK_DAY_10AM)

    // The user is told, with the amount and the order number.
    const inbox = await brokerData<InboxPage>(t.url, '/user/messages', {}, session(bob))
    expect(inbox.list[0]).toMatchObject({
      title: 'review.deposit.approved.title',
      params: { amount: '12,345', currency: 'JPY', order_no: row?.order_no, id },
    })

    const twice = await approve(t, 'deposit', id)
    expect(twice.status).toBe(0)
    expect((await reject(t, 'deposit', id, 'late')).status).toBe(0)
    expect(await available(t, bob)).toBe('12345')
  })

  it('credits nothing on rejection and shows the reason', async () => {
    const bob = await fresh()
    const answer = await recharge(t, bob, { money: '8000' })
    const id = (answer.data as { id: string }).id
    expect((await reject(t, 'deposit', id, 'slip unreadable')).status).toBe(1)
    expect((await list(bob))[0]).toMatchObject({ status: 2, reason: 'slip unreadable' })
    expect(await available(t, bob)).toBe('0')
    expect((await approve(t, 'deposit', id)).status).toBe(0)
    expect(await available(t, bob)).toBe('0')
  })

  it('lists only the caller’s own deposits, per market', async () => {
    const bob = await fresh()
    const carol = await fresh()
    await recharge(t, bob, { money: '5000' })
    expect(await list(carol)).toEqual([])
    expect(await list(bob, 'usd')).toEqual([])
    expect(await list(bob)).toHaveLength(1)
    const bad = await brokerApi(
      t.url,
      '/user/rechargelist',
      { type: 'jpy', page: '0' },
      session(bob),
    )
    expect(bad.msg).toBe('invalid_input')
  })

  it('auto policy approves a deposit with its slip within the limit, and rejects one without', async () => {
    const queue = t.app.broker.reviews.get('deposit')!
    const bob = await fresh()
    const withSlip = await recharge(t, bob, { money: '5000', voucher: await voucher(t, bob) })
    expect(await queue.autoDecide!(t.app.db, BigInt((withSlip.data as { id: string }).id))).toEqual(
      {
        approve: true,
      },
    )
    const carol = await fresh()
    const without = await recharge(t, carol, { money: '5000' })
    expect(await queue.autoDecide!(t.app.db, BigInt((without.data as { id: string }).id))).toEqual({
      approve: false,
      reason: 'voucher_missing',
    })
  })
})
