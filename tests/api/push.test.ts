import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NotificationsPage, NotifySettings, PushPayload } from '@kabu/shared/api/notifications'
import type { ConfigEntry } from '@kabu/shared/api/common'
import { addDays } from '@kabu/shared/market/iso-date'
import type { SessionGrant } from '@kabu/shared/api/user'
import { startTestApp, type TestApp } from '../support/app'
import { brokerApi, brokerData, session } from '../support/broker'
import { action, actionsJobAt, handClock, hourInto, tomorrow } from './actions.support'
import {
  decryptPush,
  fakeDevice,
  readVapid,
  startPushService,
  type FakeDevice,
} from './push-service.support'
import { formatUnits } from '@kabu/shared/money/decimal'
import { buy, lastUnits, TOYOTA, trader } from './trading.support'

let t: TestApp
let service: Awaited<ReturnType<typeof startPushService>>
let n = 0
const account = () => `psh${++n}x${Date.now() % 100000}`

beforeAll(async () => {
  service = await startPushService()
  t = await startTestApp({
    env: { TIME_TRAVEL: '1', PUSH_ENDPOINT_ALLOW: service.origin },
    deps: { pushExtraCa: service.cert },
  })
})
afterAll(async () => {
  await t?.stop()
  await service?.close()
})

const call = (g: SessionGrant, path: string, form: Record<string, string> = {}) =>
  brokerApi(t.url, path, form, session(g))
const subscribe = (g: SessionGrant, device: FakeDevice, endpoint: string, lang = 'en') =>
  call(g, '/user/pushSubscribe', { endpoint, p256dh: device.p256dh, auth: device.authText, lang })
const inbox = (g: SessionGrant, lang = 'ja') =>
  brokerData<NotificationsPage>(t.url, '/user/notifications', { lang }, session(g))
/** Every delivery the events so far started has ended (records written, pushes answered). */
const settled = () => t.app.broker.notifications.idle()

/** A user with a subscribed device; its pushes land under its own path. */
async function subscribed(lang = 'en', path = `/ok/${account()}`) {
  const g = await trader(t, account())
  const device = fakeDevice()
  const answer = await subscribe(g, device, `${service.origin}${path}`, lang)
  expect(answer).toMatchObject({ status: 1, data: { id: expect.stringMatching(/^\d+$/) } })
  return { g, device, path }
}
const pushesTo = (path: string) => service.received.filter((r) => r.path === path)

describe('Web Push, the push service played by the test', () => {
  it('sends an order fill to the device, encrypted to its keys and signed with the VAPID key', async () => {
    const { g, device, path } = await subscribed('en')
    const entries = await brokerData<ConfigEntry[]>(t.url, '/common/config', {}, {})
    const vapidKey = entries.find((e) => e.name === 'vapid_public_key')?.value
    expect(vapidKey).toMatch(/^[\w-]{87}$/)

    const bought = await buy(t, g, { code: TOYOTA, num: '100' })
    expect(bought).toMatchObject({ status: 1 })
    await settled()

    const [push] = pushesTo(path)
    if (!push) throw new Error('no push arrived')
    expect(push.headers['content-encoding']).toBe('aes128gcm')
    expect(Number(push.headers.ttl)).toBeGreaterThan(0)
    const payload = JSON.parse(decryptPush(device, push.body)) as PushPayload
    expect(payload).toEqual({
      type: 'fills',
      title: 'Order filled',
      body: expect.stringMatching(/^7203 Buy 100 @ [\d.]+$/),
      url: expect.stringMatching(/^#\/position\/order\?type=jpy&id=\d+$/),
    })
    const vapid = readVapid(String(push.headers.authorization), Date.now())
    expect(vapid.k).toBe(vapidKey)
    expect(vapid.signed).toBe(true)
    expect(vapid.header).toMatchObject({ typ: 'JWT', alg: 'ES256' })
    expect(vapid.payload.aud).toBe(service.origin)
    expect(vapid.payload.sub).toMatch(/^mailto:/)
    expect(vapid.expiresWithinADay).toBe(true)

    // The same event is one record in the inbox, in the language the app asks for.
    const page = await inbox(g, 'ja')
    expect(page.unread).toBe(1)
    expect(page.list[0]).toMatchObject({
      kind: 'fills',
      title: '約定しました',
      url: payload.url.slice(1),
      read: 0,
    })
    expect(await call(g, '/user/notifyRead', { id: page.list[0]?.id ?? '' })).toMatchObject({
      status: 1,
      data: { unread: 0 },
    })
  })

  it('sends a dividend paid, in the device’s language', async () => {
    const { g, device, path } = await subscribed('zh-CN')
    expect(await buy(t, g, { code: TOYOTA, num: '100' })).toMatchObject({ status: 1 })
    const ex = tomorrow(t)
    const dividend = action({
      code: TOYOTA,
      kind: 'dividend',
      exDate: ex,
      recordDate: addDays(ex, 1),
      payDate: addDays(ex, 3),
      cash: 50.5,
    })
    const clock = handClock(hourInto('jp', ex))
    const job = actionsJobAt(
      t,
      clock,
      () => [dividend],
      1000,
      [],
      t.app.broker.notifications.userEvents,
    )
    await job.runOnce()
    clock.set(hourInto('jp', addDays(ex, 3)))
    await job.runOnce()
    await settled()

    const payloads = pushesTo(path).map(
      (p) => JSON.parse(decryptPush(device, p.body)) as PushPayload,
    )
    expect(payloads).toContainEqual({
      type: 'dividends',
      title: '股息已到账',
      body: '7203 4025 JPY（税后）',
      url: '#/mine/dividends',
    })
  })

  it('sends a price alert that fired, from the leader’s watcher', async () => {
    const { g, device, path } = await subscribed('en')
    // A price_below set above the price fires on the watcher's next pass.
    const value = formatUnits(lastUnits(t, TOYOTA) * 2n)
    const added = await call(g, '/user/alertAdd', {
      code: TOYOTA,
      kind: 'price_below',
      value,
      repeat: '0',
    })
    expect(added).toMatchObject({ status: 1, msg: 'add_ok' })
    await expect.poll(() => pushesTo(path).length, { timeout: 10_000 }).toBeGreaterThan(0)
    await settled()
    const payloads = pushesTo(path).map(
      (p) => JSON.parse(decryptPush(device, p.body)) as PushPayload,
    )
    expect(payloads).toEqual([
      {
        type: 'alerts',
        title: `7203 price below ${value}`,
        body: expect.stringMatching(/^Now [\d.]+$/),
        url: '#/quotes/info?code=7203',
      },
    ])
    expect((await inbox(g, 'en')).list[0]).toMatchObject({ kind: 'alerts', read: 0 })
  })

  it('sends nothing for a kind switched off, or in quiet hours, and still writes the record', async () => {
    const { g, path } = await subscribed('ja')
    const set = (form: Record<string, string>) => call(g, '/user/notifySet', form)
    expect(await set({ kind: 'fills', channel: 'push', on: '0' })).toMatchObject({ status: 1 })
    await buy(t, g, { code: TOYOTA, num: '100' })
    await settled()
    expect(pushesTo(path)).toHaveLength(0)
    expect((await inbox(g)).list).toHaveLength(1)

    // Quiet from an hour ago to an hour ahead, Tokyo time.
    const hhmm = (at: number) => new Date(at + 9 * 3_600_000).toISOString().slice(11, 16)
    const now = t.app.clock.now()
    const quiet = `${hhmm(now - 3_600_000)}-${hhmm(now + 3_600_000)}`
    expect(await set({ kind: 'fills', channel: 'push', on: '1', quiet })).toMatchObject({
      status: 1,
    })
    const settings = await brokerData<NotifySettings>(t.url, '/user/notifySettings', {}, session(g))
    expect(settings).toMatchObject({ quiet, devices: 1 })
    expect(settings.settings.find((s) => s.kind === 'fills')).toEqual({
      kind: 'fills',
      app: true,
      push: true,
    })
    await buy(t, g, { code: TOYOTA, num: '100' })
    await settled()
    expect(pushesTo(path)).toHaveLength(0)
    expect((await inbox(g)).list).toHaveLength(2)

    // Quiet hours over: the next fill is pushed.
    expect(await set({ kind: 'fills', channel: 'push', on: '1', quiet: '' })).toMatchObject({
      status: 1,
    })
    await buy(t, g, { code: TOYOTA, num: '100' })
    await settled()
    expect(pushesTo(path)).toHaveLength(1)
  })

  it('deletes a subscription its push service answers 410 Gone', async () => {
    const { g, path } = await subscribed('en', `/gone/${account()}`)
    const endpoint = `${service.origin}${path}`
    const stored = () =>
      t.app.db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('endpoint', '=', endpoint)
        .execute()
    expect(await stored()).toHaveLength(1)
    await buy(t, g, { code: TOYOTA, num: '100' })
    await settled()
    expect(pushesTo(path)).toHaveLength(1)
    expect(await stored()).toHaveLength(0)
  })

  it('refuses an endpoint the gateway may not POST to', async () => {
    const g = await trader(t, account())
    const device = fakeDevice()
    const port = new URL(service.origin).port
    for (const endpoint of [
      `https://127.0.0.2:${port}/ok/x`,
      'https://10.0.0.8/push',
      'https://192.168.1.2/push',
      'https://[::1]/push',
      'https://localhost/push',
      `http://127.0.0.1:${port}/ok/x`,
    ]) {
      expect(await subscribe(g, device, endpoint), endpoint).toMatchObject({
        status: 0,
        msg: 'push_endpoint_refused',
      })
    }
    expect(
      await t.app.db
        .selectFrom('push_subscriptions')
        .select('id')
        .where(
          'user_id',
          '=',
          (
            await t.app.db
              .selectFrom('users')
              .select('id')
              .where('account', '=', g.account)
              .executeTakeFirstOrThrow()
          ).id,
        )
        .execute(),
    ).toHaveLength(0)
  })

  it('lets the user take this device off', async () => {
    const { g, path } = await subscribed('en')
    const endpoint = `${service.origin}${path}`
    expect(await call(g, '/user/pushUnsubscribe', { endpoint })).toMatchObject({ status: 1 })
    expect(await call(g, '/user/pushUnsubscribe', { endpoint })).toMatchObject({
      status: 0,
      msg: 'not_found',
    })
  })
})
