import { describe, expect, it } from 'vitest'
import type { NotificationsPage } from '@kabu/shared/api/notifications'
import { STORED_CODE, type Locale } from '../../client/src/i18n/locale'
import { DEMO } from '../support/app'
import { brokerApi, brokerData, session } from '../support/broker'
import { phoneJourney } from './journey'

/**
 * Issue 37's notifications on a phone against a real gateway: an order of the demo account fills
 * (bought through the API, as another device of the user would), and its notification is in the
 * inbox under Mine, unread, in ja, zh-CN and en; opening it goes to the order and marks it read.
 * The settings screen switches a kind's push off (kept by the server) and sets quiet hours, in
 * every language. Then, for a new user with nothing to show: the inbox says it is empty; when the
 * gateway cannot be reached the inbox and the settings say so with a retry, and the retry, once it
 * can, shows them (one file, one gateway: each journey file starts its own).
 */
const j = phoneJourney('notifications')

const FILLED: Record<Locale, string> = {
  ja: '約定しました',
  'zh-CN': '订单已成交',
  en: 'Order filled',
}
const SETTINGS: Record<Locale, string> = {
  ja: 'おやすみ時間',
  'zh-CN': '免打扰时段',
  en: 'Quiet hours',
}

describe('notifications journey on a 390×844 phone', () => {
  it('lists an order fill in the inbox, opens the order and marks it read', async () => {
    const { demoAccount: account, demoPassword: password } = j.gateway.config
    await j.screens.login(account, password)
    const grant = await brokerData<{ token: string; account: string }>(
      j.gateway.url,
      '/user/login',
      { account, password },
    )
    const bought = await brokerApi(
      j.gateway.url,
      '/trade/buy',
      { type: 'jpy', code: '7203', num: '100', idem: crypto.randomUUID() },
      session(grant),
    )
    expect(bought).toMatchObject({ status: 1 })
    await j.gateway.app.broker.notifications.idle()
    const page = await brokerData<NotificationsPage>(
      j.gateway.url,
      '/user/notifications',
      { lang: 'en' },
      session(grant),
    )
    const fill = page.list.find((n) => n.title === 'Order filled' && n.body.startsWith('7203'))
    if (!fill) throw new Error('the fill is not among the notifications')

    await j.screens.open('/mine/index', 'open-panel')
    await j.page.getByTestId('open-panel').click()
    await j.page.getByTestId('panel-notifications').click()
    await expect.poll(j.screens.hashPath).toBe('/mine/notifications')
    const line = j.page.getByTestId(`notification-${fill.id}`)
    await line.waitFor({ timeout: 15_000 })
    expect(await line.getAttribute('data-read')).toBe('0')
    await j.screens.shotInLanguages('01-inbox', async (locale) => {
      await line.waitFor({ timeout: 15_000 })
      expect(await line.textContent()).toContain(FILLED[locale])
    })

    await line.click()
    await expect.poll(j.screens.hashPath).toBe('/position/order')
    expect(new URL(j.page.url()).hash).toContain(`id=`)
    await j.page.goBack()
    await line.waitFor({ timeout: 15_000 })
    await expect.poll(() => line.getAttribute('data-read')).toBe('1')
    expect(j.pageErrors).toEqual([])
  })

  it('switches a kind’s push off and sets quiet hours, kept by the server', async () => {
    await j.screens.open('/mine/notifySettings', 'notify-switches')
    // Headless Chromium has no push service: the device is either not yet subscribed or unable.
    expect(await j.page.getByTestId('notify-device').getAttribute('data-state')).toMatch(
      /^(unsubscribed|unsupported|denied)$/,
    )
    const fillsPush = j.page.getByTestId('notify-fills-push')
    expect(await fillsPush.isChecked()).toBe(true)
    await fillsPush.click()
    await expect.poll(() => fillsPush.isChecked()).toBe(false)

    await j.page.getByTestId('notify-quiet-from').fill('23:00')
    await j.page.getByTestId('notify-quiet-to').fill('06:30')
    await j.page.getByTestId('notify-quiet-save').click()
    const now = j.page.getByTestId('notify-quiet-now')
    await expect.poll(() => now.textContent()).toContain('23:00-06:30')

    await j.screens.shotInLanguages(
      '02-settings',
      async (locale) => {
        await j.page.getByTestId('notify-switches').waitFor({ timeout: 15_000 })
        // What the server keeps comes back after each reload.
        expect(await j.page.getByTestId('notify-fills-push').isChecked()).toBe(false)
        expect(await j.page.getByTestId('notify-quiet').textContent()).toContain(SETTINGS[locale])
        expect(await now.textContent()).toContain('23:00-06:30')
      },
      true,
    )
    expect(j.pageErrors).toEqual([])
  })
})

const WORDS: Record<Locale, { empty: string; network: string; retry: string }> = {
  ja: { empty: 'まだ通知はありません', network: 'ネットワークエラー', retry: '再試行' },
  'zh-CN': { empty: '暂无通知', network: '网络错误', retry: '重试' },
  en: { empty: 'No notifications yet', network: 'Network error', retry: 'Retry' },
}

/** The calls of a screen, failing as when the phone has no connection, until `restore` is called. */
async function offline(path: string) {
  const pattern = `**/api/vue${path}`
  await j.page.route(pattern, (route) => route.abort('internetdisconnected'))
  return () => j.page.unroute(pattern)
}

async function inLanguage(locale: Locale, route: string) {
  await j.page.evaluate((code) => localStorage.setItem('language', code), STORED_CODE[locale])
  await j.page.goto(`${j.gateway.url}/#${route}`)
  await j.page.reload()
  await j.page.waitForFunction((lang) => document.documentElement.lang === lang, locale)
}

describe('notifications screens’ empty and error states on a 390×844 phone', () => {
  it('logs the demo out and a new user in', async () => {
    await j.screens.open('/mine/index', 'open-panel')
    await j.page.getByTestId('open-panel').click()
    await j.page.getByTestId('panel-logout').click()
    await expect.poll(j.screens.hashPath, { timeout: 10_000 }).toBe('/login/login')
    const account = `nst${Date.now() % 1_000_000}`
    const password = `pass-${account}`
    await brokerData(j.gateway.url, '/user/register', {
      account,
      password,
      password2: password,
      invite: DEMO.invite,
      agree: '1',
    })
    await j.screens.login(account, password)
  })

  it.each(['ja', 'zh-CN', 'en'] as const)(
    '%s: the empty inbox, then the inbox and settings offline, then retried',
    async (locale) => {
      const words = WORDS[locale]
      const { page, screens } = j
      await inLanguage(locale, '/mine/notifications')
      const empty = page.getByRole('status').filter({ hasText: words.empty }).first()
      await empty.waitFor()
      await screens.shot(`01-empty-${locale}`)

      let restore = await offline('/user/notifications')
      await page.reload()
      const failed = page.getByRole('alert').filter({ hasText: words.network }).first()
      await failed.waitFor()
      await screens.shot(`02-inbox-offline-${locale}`)
      await restore()
      await page.getByRole('button', { name: words.retry }).click()
      await empty.waitFor()

      restore = await offline('/user/notifySettings')
      await inLanguage(locale, '/mine/notifySettings')
      await failed.waitFor()
      expect(await page.getByTestId('notify-switches').count()).toBe(0)
      await screens.shot(`03-settings-offline-${locale}`)
      await restore()
      await page.getByRole('button', { name: words.retry }).click()
      await page.getByTestId('notify-switches').waitFor()
      expect(j.pageErrors).toEqual([])
    },
  )
})
