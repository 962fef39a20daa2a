import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchDesktop } from './browser'
import { startGateway } from './gateway'
import { journeyScreens } from './journey'
import { opsCall } from './ops'

/**
 * The console's desktop layout, as an admin: every page of the side menu (each scanned by axe), an
 * IPO offer created from the form, the clock moved past its subscription, the offer drawn; a user
 * frozen and restored, audited with the admin's name; an operator added, who can then log in; the
 * content desks (products, news, messages) beside their menu.
 */
let gateway: Awaited<ReturnType<typeof startGateway>>
let browser: Browser
let page: Page
const pageErrors: string[] = []

beforeAll(async () => {
  // The IPO job would draw a due offer by itself; held back, so the operator's button draws it.
  gateway = await startGateway({
    REVIEW_POLICY: 'manual',
    TIME_TRAVEL: '1',
    IPO_JOB_MS: '3600000',
  })
  const desktop = await launchDesktop()
  browser = desktop.browser
  page = await desktop.context.newPage()
  page.on('pageerror', (e) => pageErrors.push(e.message))
})

afterAll(async () => {
  await browser?.close()
  await gateway?.stop()
})

const shot = (name: string) => journeyScreens(page, gateway.url, 'console-desktop').shot(name)
const go = (name: string) => page.getByRole('link', { name }).click()

describe('the back-office console on a desktop, as an admin', () => {
  it('logs in and shows the menu beside the page', async () => {
    await page.goto(`${gateway.url}/ops`)
    await page.getByLabel('ログインID').fill('admin')
    await page.getByLabel('パスワード').fill(gateway.config.demoOperators.admin)
    await page.getByRole('button', { name: 'ログイン' }).click()
    await page.getByRole('navigation').getByRole('link', { name: '時計' }).waitFor()
    await expect.poll(() => page.getByTestId('operator').textContent()).toContain('管理者')
    await shot('01-reviews')
  })

  it('creates an IPO offer, moves the clock past its subscription and draws it', async () => {
    await go('IPO・立会外分売')
    const ipo = page.locator('form').first()
    await ipo.getByLabel('銘柄コード').fill('9999')
    await ipo.getByLabel('銘柄名').fill('テスト工業')
    await ipo.getByLabel('申込期間（時間）').fill('1')
    await ipo.getByRole('button', { name: '作成' }).click()
    await page.getByRole('dialog').getByRole('button', { name: '確定' }).click()
    const row = page.getByRole('listitem').filter({ hasText: 'テスト工業' })
    await row.waitFor()
    await shot('02-offers')

    await go('時計')
    const { now } = (await opsCall(gateway, 'GET', '/clock')) as { now: string }
    // The page's clock is Tokyo's: the field takes Tokyo wall time.
    const later = new Date(Date.parse(now) + (2 * 60 + 9 * 60) * 60_000).toISOString().slice(0, 16)
    await page.getByLabel('時計を進める').fill(later)
    await page.getByRole('button', { name: '時計を進める' }).click()
    await expect
      .poll(async () =>
        Date.parse(((await opsCall(gateway, 'GET', '/clock')) as { now: string }).now),
      )
      .toBeGreaterThan(Date.parse(now) + 60 * 60_000)
    await shot('03-clock')

    await go('IPO・立会外分売')
    await row.getByRole('button', { name: '今すぐ抽選' }).click()
    await row.getByText('抽選済み').waitFor()
  })

  it('freezes and restores a user, audited with the admin', async () => {
    await go('顧客')
    const demo = page.getByRole('listitem').filter({ hasText: gateway.config.demoAccount })
    await demo.getByRole('button', { name: '凍結' }).click()
    await demo.getByText('凍結中').waitFor()
    await demo.getByRole('button', { name: '解除' }).click()
    await demo.getByText('有効').waitFor()
    await shot('04-users')
    await go('監査ログ')
    await page.getByRole('cell', { name: 'user.restore' }).waitFor()
    await shot('05-audit')
    const trail = (await opsCall(
      gateway,
      'GET',
      `/audit?target=user:${gateway.config.demoAccount}`,
    )) as Array<{ operator: string; action: string }>
    expect(trail.slice(0, 2).map((r) => r.action)).toEqual(['user.restore', 'user.freeze'])
    expect(trail[0]?.operator).toMatch(/^admin#\d+$/)
  })

  it('adds an operator, listed with the role, who can then log in', async () => {
    await go('オペレーター')
    await page.getByRole('listitem').filter({ hasText: '(reviewer)' }).waitFor()
    const form = page.getByRole('form', { name: 'オペレーターを追加' })
    await form.getByLabel('ログインID').fill('sato')
    await form.getByLabel('表示名').fill('佐藤')
    await form.getByLabel('権限').selectOption('admin')
    await form.getByLabel('初期パスワード').fill('short')
    await form.getByRole('button', { name: '追加する' }).click()
    await page.getByRole('dialog').getByRole('button', { name: '確定' }).click()
    await form.getByRole('alert').getByText('入力内容が正しくありません').waitFor()
    await form.getByLabel('初期パスワード').fill('a-long-password-for-sato')
    await form.getByRole('button', { name: '追加する' }).click()
    await page.getByRole('dialog').getByRole('button', { name: '確定' }).click()
    const sato = page.getByRole('listitem').filter({ hasText: '佐藤 (sato)' })
    await sato.getByText('管理者').waitFor()
    await shot('06-operators')
    const login = await fetch(`${gateway.url}/api/ops/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'sato', password: 'a-long-password-for-sato' }),
    })
    expect(await login.json()).toMatchObject({ status: 1, data: { operator: { role: 'admin' } } })
  })

  it('shows the content desks with their lists', async () => {
    for (const [name, heading, step] of [
      ['フォロー商品', '商品一覧', '07-products'],
      ['ニュース配信', '記事一覧', '08-news'],
      ['お知らせ送信', '最近の送信（監査ログより）', '09-messages'],
    ] as const) {
      await go(name)
      await page.getByRole('heading', { name: heading }).waitFor()
      await page.getByRole('progressbar').waitFor({ state: 'detached' })
      await shot(step)
    }
  })

  it('shows the conversations page', async () => {
    await go('お問い合わせ')
    await page.getByRole('tab', { name: '未対応' }).waitFor()
    await shot('10-support')
    expect(pageErrors).toEqual([])
  })
})
