import { ALERTS_PAGE_SIZE, type AlertItem, type AlertsPage } from '@kabu/shared/api/alerts'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { UserEvent } from '@kabu/shared/realtime'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAlertWatcher } from '../../gateway/src/broker/alerts/watcher'
import type { TestApp } from '../support/app'
import { brokerApi, brokerData, session } from '../support/broker'
import { newUser } from '../support/identity'
import { printQuote } from '../support/prints'
import { eventually, userSocket } from './ops-user-socket'
import { startTradingApp, TOYOTA } from './trading.support'

/**
 * Price alerts (issue 37, API.md "Alerts and notifications"): the calls and their refusals, the
 * limit under concurrency, and the leader's watcher: a condition already true fires at once and
 * is told once on `/user`; a repeating alert fires again only after its condition was false once;
 * a paused one stays quiet; a watcher started afresh over the same table (a restart) never fires a
 * crossing the first one recorded.
 */

let t: TestApp
let n = 0
const account = () => `alr${++n}x${Date.now() % 100000}`

/** Above one page (ALERTS_PAGE_SIZE): the list must be read page by page. */
const MAX = 60

beforeAll(async () => {
  t = await startTradingApp({ ALERTS_MAX: String(MAX) })
})
afterAll(() => t.stop())

const call = (g: SessionGrant, path: string, form: Record<string, string>) =>
  brokerApi(t.url, path, form, session(g))
const add = (g: SessionGrant, form: Record<string, string>) =>
  call(g, '/user/alertAdd', { code: TOYOTA, repeat: '0', ...form })
const added = async (g: SessionGrant, form: Record<string, string>) => {
  const answer = await add(g, form)
  expect(answer).toMatchObject({ status: 1, msg: 'add_ok' })
  return (answer.data as { id: string }).id
}
const page = (g: SessionGrant, n: number) =>
  brokerData<AlertsPage>(t.url, '/user/alerts', { page: String(n) }, session(g))
const list = async (g: SessionGrant) => (await page(g, 1)).list
const one = async (g: SessionGrant, id: string) =>
  (await list(g)).find((a) => a.id === id) as AlertItem
/** Toyota's last price now, and a price `times` it, as the wire writes them. */
const last = () => t.app.market.snapshot(TOYOTA)!.price
const times = (k: number) => String(Math.round(last() * k))
const quoteAt = (price: number) => printQuote(t, TOYOTA, price, 100)
const watcher = () => t.app.broker.alerts.watcher
const triggered = (events: UserEvent[]) => events.filter((e) => e.type === 'alert:triggered')

describe('the calls', () => {
  it('adds, lists newest first, pauses, resumes and deletes; refuses what is not an alert', async () => {
    const g = await newUser(t, account())
    // Read once: the live price moves between the add and the check.
    const far = times(3)
    const a = await added(g, { kind: 'price_above', value: far })
    const b = await added(g, { kind: 'change_pct_down', value: '12.5', repeat: '1' })
    const items = await list(g)
    expect(items.map((i) => i.id)).toEqual([b, a])
    expect(items[1]).toMatchObject({
      code: TOYOTA,
      kind: 'price_above',
      value: far,
      status: 'active',
      repeat: false,
      armed: true,
      fired: 0,
    })
    expect(items[1]!.name.ja).toMatch(/トヨタ/)
    expect(items[0]).toMatchObject({ kind: 'change_pct_down', value: '12.5', repeat: true })

    expect(await call(g, '/user/alertPause', { id: a, paused: '1' })).toMatchObject({
      status: 1,
      data: { status: 'paused' },
    })
    expect((await one(g, a)).status).toBe('paused')
    await call(g, '/user/alertPause', { id: a, paused: '0' })
    expect((await one(g, a)).status).toBe('active')
    expect(await call(g, '/user/alertDel', { id: a })).toMatchObject({
      status: 1,
      msg: 'delete_ok',
    })
    expect((await list(g)).map((i) => i.id)).toEqual([b])
    expect(await call(g, '/user/alertDel', { id: a })).toMatchObject({
      status: 0,
      msg: 'not_found',
    })

    // Another user's alert is not found; nothing of theirs moves.
    const other = await newUser(t, account())
    expect(await call(other, '/user/alertDel', { id: b })).toMatchObject({ msg: 'not_found' })
    expect(await call(other, '/user/alertPause', { id: b, paused: '1' })).toMatchObject({
      msg: 'not_found',
    })
    expect((await one(g, b)).status).toBe('active')

    const refusals: Array<[Record<string, string>, string]> = [
      [{ code: 'ZZZZ9', kind: 'price_above', value: '100' }, 'not_listed'],
      [{ kind: 'price_above', value: '0' }, 'alert_value_invalid'],
      [{ kind: 'price_below', value: '-5' }, 'alert_value_invalid'],
      [{ kind: 'price_above', value: 'abc' }, 'alert_value_invalid'],
      [{ kind: 'price_above', value: '1.23456' }, 'alert_value_invalid'],
      [{ kind: 'change_pct_up', value: '5000' }, 'alert_value_invalid'],
      [{ kind: 'volume_above', value: '1.5' }, 'alert_value_invalid'],
      [{ kind: 'price_sideways', value: '100' }, 'invalid_input'],
      [{ kind: 'price_above', value: '100', repeat: '2' }, 'invalid_input'],
    ]
    for (const [form, msg] of refusals) {
      expect(await add(g, form), JSON.stringify(form)).toMatchObject({ status: 0, msg })
    }
    expect(await list(g)).toHaveLength(1)
  })

  it('holds at most ALERTS_MAX per user: of 70 adds at once, exactly 60 are taken', async () => {
    const g = await newUser(t, account())
    const answers = await Promise.all(
      Array.from({ length: MAX + 10 }, (_, i) =>
        add(g, { kind: 'volume_above', value: String(1_000_000_000 + i) }),
      ),
    )
    expect(answers.filter((a) => a.status === 1)).toHaveLength(MAX)
    expect(answers.filter((a) => a.status === 0).map((a) => a.msg)).toEqual(
      Array(10).fill('alerts_limit'),
    )
    expect((await page(g, 1)).total).toBe(MAX)
    // A deleted one makes room for one more.
    const [first] = await list(g)
    await call(g, '/user/alertDel', { id: first!.id })
    expect(await add(g, { kind: 'volume_above', value: '7' })).toMatchObject({ status: 1 })
    expect(await add(g, { kind: 'volume_above', value: '8' })).toMatchObject({
      status: 0,
      msg: 'alerts_limit',
    })
  })

  it('lists more than one page of alerts page by page, newest first, with the total', async () => {
    const g = await newUser(t, account())
    const ids = await Promise.all(
      Array.from({ length: MAX - 5 }, (_, i) =>
        added(g, { kind: 'volume_above', value: String(2_000_000_000 + i) }),
      ),
    )
    const newestFirst = ids.sort((a, b) => Number(b) - Number(a))
    const [one, two, three] = await Promise.all([page(g, 1), page(g, 2), page(g, 3)])
    expect(one.list).toHaveLength(ALERTS_PAGE_SIZE)
    expect(two.list).toHaveLength(MAX - 5 - ALERTS_PAGE_SIZE)
    expect(three.list).toEqual([])
    expect([one.total, two.total, three.total]).toEqual([MAX - 5, MAX - 5, MAX - 5])
    expect([...one.list, ...two.list].map((a) => a.id)).toEqual(newestFirst)
    // A deleted one leaves the total and the pages alike.
    await call(g, '/user/alertDel', { id: newestFirst[0]! })
    const after = await page(g, 2)
    expect(after.total).toBe(MAX - 6)
    expect(after.list.map((a) => a.id)).toEqual(newestFirst.slice(ALERTS_PAGE_SIZE + 1))
  })
})

describe('the watcher on the live market', () => {
  it('fires a price_below set above the price at once, and tells /user once', async () => {
    const g = await newUser(t, account())
    const { socket, events } = await userSocket(t.url, g, ['alert:triggered'])
    try {
      const value = times(2)
      const id = await added(g, { kind: 'price_below', value })
      await eventually(() => triggered(events).length > 0, 10_000)
      expect(triggered(events)[0]).toMatchObject({
        type: 'alert:triggered',
        id,
        code: TOYOTA,
        kind: 'price_below',
        value,
      })
      // Committed before the push: the list shows it fired.
      expect(await one(g, id)).toMatchObject({ status: 'triggered', fired: 1 })
      // More prints and passes, the price still under the value: no second push.
      await watcher().check([quoteAt(last())])
      await new Promise((r) => setTimeout(r, 500))
      expect(triggered(events)).toHaveLength(1)
    } finally {
      socket.close()
    }
  })
})

describe('the watcher, driven print by print', () => {
  // The live market's batches would re-arm or fire these between the test's own prints.
  beforeAll(() => watcher().stop())

  it('fires a repeating alert again only after its condition was false once', async () => {
    const g = await newUser(t, account())
    const { socket, events } = await userSocket(t.url, g, ['alert:triggered'])
    try {
      const base = last()
      const level = Math.round(base * 1.5)
      const id = await added(g, { kind: 'price_above', value: String(level), repeat: '1' })
      await watcher().check()
      expect(triggered(events)).toHaveLength(0)
      await watcher().check([quoteAt(level)])
      await eventually(() => triggered(events).length === 1)
      expect(triggered(events)[0]).toMatchObject({ id, price: String(level) })
      expect(await one(g, id)).toMatchObject({ status: 'active', armed: false, fired: 1 })
      // Still at or above: nothing, however many prints.
      await watcher().check([quoteAt(level + 10)])
      await watcher().check([quoteAt(level)])
      expect(await one(g, id)).toMatchObject({ armed: false, fired: 1 })
      // False once (under the level): armed again; the next crossing fires.
      await watcher().check([quoteAt(level - 1)])
      expect(await one(g, id)).toMatchObject({ armed: true, fired: 1 })
      await watcher().check([quoteAt(level + 1)])
      await eventually(() => triggered(events).length === 2)
      expect(await one(g, id)).toMatchObject({
        armed: false,
        fired: 2,
        fired_price: String(level + 1),
      })
      expect(triggered(events)).toHaveLength(2)
    } finally {
      socket.close()
    }
  })

  it('keeps a paused alert quiet, and watches it again once resumed', async () => {
    const g = await newUser(t, account())
    const level = Math.round(last() * 0.5)
    const id = await added(g, { kind: 'price_below', value: String(level) })
    await call(g, '/user/alertPause', { id, paused: '1' })
    await watcher().check([quoteAt(level - 1)])
    expect(await one(g, id)).toMatchObject({ status: 'paused', fired: 0 })
    await call(g, '/user/alertPause', { id, paused: '0' })
    await watcher().check([quoteAt(level)])
    expect(await one(g, id)).toMatchObject({ status: 'triggered', fired: 1 })
  })

  it('measures the change from the previous close and the day volume', async () => {
    const g = await newUser(t, account())
    const q = t.app.market.snapshot(TOYOTA)!
    const up = await added(g, { kind: 'change_pct_up', value: '20' })
    const vol = await added(g, { kind: 'volume_above', value: String(q.volume + 5_000_000_000) })
    await watcher().check([{ ...quoteAt(q.prevClose * 1.19), volume: q.volume }])
    expect(await one(g, up)).toMatchObject({ status: 'active' })
    await watcher().check([{ ...quoteAt(q.prevClose * 1.2), volume: q.volume + 5_000_000_000 }])
    expect(await one(g, up)).toMatchObject({ status: 'triggered' })
    expect(await one(g, vol)).toMatchObject({ status: 'triggered' })
  })

  it('never fires again what it recorded, once started afresh over the same table', async () => {
    const g = await newUser(t, account())
    const level = Math.round(last() * 1.7)
    const once = await added(g, { kind: 'price_above', value: String(level) })
    const again = await added(g, { kind: 'price_above', value: String(level), repeat: '1' })
    await watcher().check([quoteAt(level)])
    expect(await one(g, once)).toMatchObject({ status: 'triggered', fired: 1 })
    expect(await one(g, again)).toMatchObject({ armed: false, fired: 1 })

    // A restarted leader: a new watcher, its memory empty, over the same store, in a market whose
    // last quote is still at the level (the live one would say the price fell back, and re-arm).
    const heard: UserEvent[] = []
    const restarted = createAlertWatcher({
      db: t.app.db,
      clock: t.app.clock,
      market: { onQuotes: () => () => undefined, snapshot: () => quoteAt(level) },
      userEvents: { emit: (_user, event) => heard.push(event) },
      onError: (error) => {
        throw error
      },
    })
    await restarted.check([quoteAt(level + 5)])
    await restarted.check([quoteAt(level)])
    expect(heard.filter((e) => 'id' in e && (e.id === once || e.id === again))).toEqual([])
    expect(await one(g, once)).toMatchObject({ fired: 1 })
    expect(await one(g, again)).toMatchObject({ fired: 1 })
    // It re-arms and fires the repeating one as the first would have.
    await restarted.check([quoteAt(level - 1)])
    await restarted.check([quoteAt(level)])
    expect(heard.filter((e) => 'id' in e && e.id === again)).toHaveLength(1)
    expect(await one(g, again)).toMatchObject({ fired: 2 })
  })
})
