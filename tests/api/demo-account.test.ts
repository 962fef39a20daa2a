import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ConfigEntry } from '@kabu/shared/api/common'
import type { FundLine } from '@kabu/shared/api/ledger'
import type { SessionGrant, Userinfo } from '@kabu/shared/api/user'
import { demoAccount } from '../../gateway/src/composition/demo-account'
import { DEMO, startTestApp, type TestApp } from '../support/app'
import { session, brokerApi, brokerData } from '../support/broker'

/**
 * Issue 15, the first minute: the demo login opens a complete account, made through the same
 * services and review desk a user's requests go through, and the login screen is told about it.
 */

let t: TestApp
let demo: SessionGrant
const call = <T>(path: string, form: Record<string, string> = { type: 'jpy' }) =>
  brokerData<T>(t.url, path, form, session(demo))

beforeAll(async () => {
  t = await startTestApp()
  demo = await brokerData<SessionGrant>(t.url, '/user/login', DEMO)
})
afterAll(() => t.stop())

describe('the demo account', () => {
  it('is verified, has a fund password, a bank card and a ten-code watchlist', async () => {
    const info = await call<Userinfo>('/user/getUserinfo')
    expect(info).toMatchObject({ verified: 2, fund_password_set: true })
    const banks = await call<unknown[]>('/user/banks', {})
    expect(banks).toHaveLength(1)
    const watch = await call<Array<{ code: string }>>('/trade/selflist')
    expect(watch.map((w) => w.code)).toHaveLength(10)
    expect(watch[0]?.code).toBe('6758')
  })

  it('opens with approved deposits that the deposit history and the fund records both show', async () => {
    const deposits =
      await call<Array<{ status: number; money: string; currency: string; order_no: string }>>(
        '/user/rechargelist',
      )
    expect(deposits).toEqual([expect.objectContaining({ status: 1, money: '1000000' })])
    const usd = await call<unknown[]>('/user/rechargelist', { type: 'usd' })
    expect(usd).toEqual([expect.objectContaining({ status: 1, money: '10000', currency: 'USD' })])
    const lines = await call<FundLine[]>('/user/fundlist', { type: 'jpy', page: '1' })
    const deposit = lines.find((l) => l.kind === 'deposit')
    expect(deposit).toMatchObject({ money: '1000000', balance_after: '1000000' })
    // The opening deposit's fund record is the deposit request's own order number.
    expect(deposit?.order_no).toBe(deposits[0]?.order_no)
  })

  it('holds the stocks of its first buys, paid from the opening deposit', async () => {
    const holdings = await call<Record<string, unknown>>('/trade/userstocklist')
    const rows = Object.values(holdings).filter(
      (v): v is { code: string; stock_num: number; status: number } =>
        typeof v === 'object' && v !== null && 'code' in v,
    )
    expect(rows.map((r) => r.code).sort()).toEqual(['5020', '9432', '9501'])
    expect(rows.every((r) => r.stock_num === 100)).toBe(true)
    const lines = await call<FundLine[]>('/user/fundlist', { type: 'jpy', page: '1' })
    const spent = lines
      .filter((l) => l.kind === 'trade_buy')
      .reduce((sum, l) => sum - Number(l.money), 0)
    expect(spent).toBeGreaterThan(0)
    const info = await call<Userinfo>('/user/getUserinfo')
    expect(Number(info.jpy)).toBe(1_000_000 - spent)
  })

  it('has messages of its decided requests', async () => {
    const inbox = await call<{ list: Array<{ title: string }>; unread: number }>('/user/messages', {
      page: '1',
    })
    const titles = inbox.list.map((m) => m.title)
    expect(titles).toContain('review.kyc.approved.title')
    expect(titles.filter((x) => x === 'review.deposit.approved.title')).toHaveLength(3)
  })

  it('takes the fund password the banner prints', async () => {
    const wrong = await brokerApi(
      t.url,
      '/user/fundPassword',
      { old: '000000', password: '246810', password2: '246810' },
      session(demo),
    )
    expect(wrong).toMatchObject({ status: 0, msg: 'wrong_fund_password' })
    const right = await brokerApi(
      t.url,
      '/user/fundPassword',
      { old: t.app.config.demoFundPassword, password: '246810', password2: '246810' },
      session(demo),
    )
    expect(right).toMatchObject({ status: 1 })
  })

  it('tells the client it is the demo, and its login', async () => {
    const entries = await brokerData<ConfigEntry[]>(t.url, '/common/config', {})
    const value = (name: string) => entries.find((e) => e.name === name)?.value
    expect(value('demo')).toBe('1')
    expect(value('demo_account')).toBe(DEMO.account)
    expect(value('demo_password')).toBe(DEMO.password)
  })

  it('changes nothing when seeded again', async () => {
    const again = demoAccount({
      db: t.app.db,
      broker: t.app.broker,
      logger: t.app.logger,
      login: { ...DEMO, fundPassword: t.app.config.demoFundPassword },
    })
    expect(await again.profile()).toEqual([])
    expect(await again.trades()).toBe(0)
    expect(await call<unknown[]>('/user/rechargelist')).toHaveLength(1)
  })
})
