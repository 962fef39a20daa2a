import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { AssetPoint, AssetsAnswer } from '@kabu/shared/api/assets'
import { creditSplit } from '@kabu/shared/market/credit'
import { nextTradingDay, sessionsOf } from '@kabu/shared/market/sessions'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { SessionGrant } from '@kabu/shared/api/user'
import { lastClose } from '../../gateway/src/broker/assets/closes'
import { createCloseJob } from '../../gateway/src/broker/assets/jobs'
import { marketPrices } from '../../gateway/src/broker/assets/valuation'
import type { TestApp } from '../support/app'
import { brokerApi, brokerData, session } from '../support/broker'
import { expectLedgerConsistent } from '../support/invariants'
import { pinPrices } from './assets.support'
import {
  buy,
  credit,
  feeOf,
  lastUnits,
  priceNear,
  sell,
  START,
  startTradingApp,
  TOYOTA,
  trader,
  userIdOf,
} from './trading.support'

let t: TestApp
let pin: ReturnType<typeof pinPrices>
let n = 0
const account = () => `ast${++n}x${Date.now() % 100000}`

beforeAll(async () => {
  // The app's own close job runs once at start; the tests run theirs through the clock.
  t = await startTradingApp({ REVIEW_POLICY: 'manual', ASSETS_JOB_MS: '3600000' })
  pin = pinPrices(t.app.market)
})
afterAll(() => t.stop())
afterEach(() => {
  pin.clear()
  return expectLedgerConsistent(t.app.db)
})

const assetsOf = (g: SessionGrant, type = 'jpy') =>
  brokerData<AssetsAnswer>(t.url, '/user/assets', { type }, session(g))
const units = (text: string) => BigInt(Math.round(Number(text) * 10_000))
const yen = formatUnits

/** Toyota pinned at a price near its own, then moved `percent` % from there. */
function toyotaAt(percent = 100) {
  pin.set(TOYOTA, priceNear(t, TOYOTA, percent))
  return lastUnits(t, TOYOTA)
}

describe('/user/assets: net assets at market', () => {
  it('counts a deposit as cash and not as the day’s gain', async () => {
    const g = await trader(t, account())
    const a = await assetsOf(g)
    expect(a).toMatchObject({
      currency: 'JPY',
      net_assets: yen(START),
      cash_available: yen(START),
      cash_frozen: '0',
      market_value: '0',
      liabilities: '0',
      day_change: '0',
      day_change_pct: '0',
      spec7: { total_assets: yen(START), frozen_assets: '0', ccsz: '0', fdyk: '0' },
    })
    expect((await assetsOf(g, 'usd')).net_assets).toBe('100000')
  })

  it('values a cash buy at the last price', async () => {
    const g = await trader(t, account())
    const bought = toyotaAt()
    expect(await buy(t, g, {})).toMatchObject({ status: 1 })
    const now = toyotaAt(104)
    expect(now).not.toBe(bought)
    const cost = bought * 100n
    const net = START - cost - feeOf(cost) + now * 100n
    expect(await assetsOf(g)).toMatchObject({
      net_assets: yen(net),
      cash_available: yen(START - cost - feeOf(cost)),
      market_value: yen(now * 100n),
      unrealized_pnl: yen((now - bought) * 100n),
      liabilities: '0',
      day_change: yen(net - START),
      spec7: { total_assets: yen(START - feeOf(cost)), ccsz: yen(now * 100n) },
    })
  })

  it('counts a 3× credit buy’s borrowed part as a liability, not an asset', async () => {
    const g = await trader(t, account(), undefined, { verified: true })
    const bought = toyotaAt()
    expect(await buy(t, g, { leverage: '3', num: '300' })).toMatchObject({ status: 1 })
    const now = toyotaAt(97)
    const cost = bought * 300n
    const { debt } = creditSplit(cost, 3, 'jp')
    const a = await assetsOf(g)
    expect(a).toMatchObject({
      net_assets: yen(START - feeOf(cost) + (now - bought) * 300n),
      market_value: yen(now * 300n),
      liabilities: yen(debt),
      unrealized_pnl: yen((now - bought) * 300n),
    })
    // Spec §7's total counts the whole cost, borrowed part included: the cost view, kept apart.
    expect(units(a.spec7.total_assets) - units(a.net_assets)).toBe(debt - (now - bought) * 300n)
  })

  it('values a short at its cost to cover', async () => {
    const g = await trader(t, account(), undefined, { verified: true })
    const sold = toyotaAt()
    const answer = await sell(t, g, { type: 'jpy', code: TOYOTA, leverage: '3' })
    expect(answer).toMatchObject({ status: 1 })
    const now = toyotaAt(103)
    const proceeds = sold * 100n
    const { margin } = creditSplit(proceeds, 3, 'jp')
    expect(await assetsOf(g)).toMatchObject({
      // Margin in frozen cash + proceeds − cost to cover: what covering now would leave.
      net_assets: yen(START - feeOf(proceeds) - (now - sold) * 100n),
      cash_frozen: yen(margin),
      market_value: yen(proceeds - now * 100n),
      unrealized_pnl: yen((sold - now) * 100n),
      liabilities: '0',
      spec7: { ccsz: '0' },
    })
  })

  it('adds the three wallets in yen with type=all', async () => {
    const g = await trader(t, account())
    const all = await assetsOf(g, 'all')
    expect(all.currency).toBe('JPY')
    expect(units(all.net_assets)).toBeGreaterThan(START + 100_000n * 100n * 10_000n)
  })

  it('refuses an unknown wallet or range', async () => {
    const g = await trader(t, account())
    const ask = (path: string, form: Record<string, string>) =>
      brokerApi(t.url, path, form, session(g))
    expect(await ask('/user/assets', { type: 'hkd' })).toMatchObject({ msg: 'invalid_input' })
    expect(await ask('/user/assetHistory', { range: '2y' })).toMatchObject({
      msg: 'invalid_input',
    })
  })
})

describe('/user/assetHistory: one point per close', () => {
  it('writes each close once, a deposit in net deposits and not in the gain', async () => {
    const name = account()
    const g = await trader(t, name)
    const newJob = () =>
      createCloseJob({
        db: t.app.db,
        clock: t.app.clock,
        prices: marketPrices(t.app.market),
        loanRateDaily: t.app.config.loans.rateDaily,
        everyMs: 3_600_000,
        onError: (error) => {
          throw error
        },
      })
    const job = newJob()
    const start = t.app.clock.now()
    const close1 = lastClose('jp', start)
    const day2 = nextTradingDay('jp', close1.date)
    try {
      t.app.clock.set(close1.at + 60_000)
      const first = toyotaAt()
      expect(await buy(t, g, {})).toMatchObject({ status: 1 })
      const cost = first * 100n
      await job.runOnce()
      // A restart or a second leader: the (user, currency, date) key keeps the first row.
      await newJob().runOnce()
      const rows = await t.app.db
        .selectFrom('asset_history')
        .select('date')
        .where('user_id', '=', await userIdOf(t, name))
        .where('currency', '=', 'JPY')
        .execute()
      expect(rows).toEqual([{ date: close1.date }])
      // The next day, before its close: a deposit and a price move; the day's change is the move.
      t.app.clock.set(sessionsOf('jp', day2)[0]!.open + 60_000)
      await credit(t, name, 'JPY', '1000000')
      const second = toyotaAt(102)
      expect((await assetsOf(g)).day_change).toBe(yen((second - first) * 100n))
      t.app.clock.set(sessionsOf('jp', day2).at(-1)!.close + 60_000)
      await job.runOnce()
      const points = await brokerData<AssetPoint[]>(
        t.url,
        '/user/assetHistory',
        { type: 'jpy', range: '1m' },
        session(g),
      )
      const deposit = 1_000_000n * 10_000n
      const net1 = START - feeOf(cost)
      expect(points).toEqual([
        { date: close1.date, net_assets: yen(net1), net_deposits: yen(START) },
        {
          date: day2,
          net_assets: yen(net1 + deposit + (second - first) * 100n),
          net_deposits: yen(START + deposit),
        },
      ])
    } finally {
      t.app.clock.set(start)
    }
  })
})
