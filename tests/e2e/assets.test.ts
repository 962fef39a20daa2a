import type { AssetPoint } from '@kabu/shared/api/assets'
import { nextTradingDay, sessionsOf } from '@kabu/shared/market/sessions'
import { localDate } from '@kabu/shared/market/time-zone'
import { describe, expect, it } from 'vitest'
import en from '../../client/src/i18n/locales/en'
import ja from '../../client/src/i18n/locales/ja'
import zhCN from '../../client/src/i18n/locales/zh-CN'
import { phoneJourney } from './journey'
import { opsCall, setClock } from './ops'
import { brokerInPage } from './user-api'

/**
 * Valuation's journey (issue 36) on a phone: the demo account's Positions lead with net assets at
 * market and today's change, liabilities apart, every wallet and the yen total; two market closes
 * passed through the clock give the net-assets chart its points; spec §7's figures stay below as
 * the labelled cost view. Shot in ja, zh-CN and en.
 */
const j = phoneJourney('assets', { TIME_TRAVEL: '1', MARKET_HOURS: 'always', ASSETS_JOB_MS: '500' })
const TEXTS = { ja, 'zh-CN': zhCN, en }

/** The first Tokyo close after `at`, and a minute past it, as ISO text. */
function pastNextClose(at: number): string {
  const today = localDate('jp', at)
  const close = sessionsOf('jp', today).at(-1)?.close
  const next =
    close !== undefined && close > at
      ? close
      : sessionsOf('jp', nextTradingDay('jp', today)).at(-1)!.close
  return new Date(next + 60_000).toISOString()
}

describe('asset overview and chart on a 390×844 phone', () => {
  it('logs in as the demo account', async () => {
    await j.screens.login(j.gateway.config.demoAccount, j.gateway.config.demoPassword)
  })

  it('passes two closes, each written by the leader’s job', async () => {
    for (let close = 0; close < 2; close++) {
      const { now } = (await opsCall(j.gateway, 'GET', '/clock')) as { now: string }
      await setClock(j.gateway, pastNextClose(Date.parse(now)))
      // The job runs every half second: let a pass see the close.
      await new Promise((resolve) => setTimeout(resolve, 1_500))
    }
  })

  it('leads with net assets and the day’s change, the chart and the cost view below', async () => {
    const points = await brokerInPage<AssetPoint[]>(j.page, j.gateway.url, '/user/assetHistory', {
      type: 'jpy',
      range: '1m',
    })
    expect(points.length).toBeGreaterThanOrEqual(2)
    await j.screens.open('/position/index', 'net-assets')
    await j.page.getByTestId('asset-chart').waitFor({ timeout: 15_000 })
    expect(await j.page.getByTestId('net-assets-value').textContent()).toMatch(/[¥￥][\d,]+/)
    expect(await j.page.getByTestId('net-assets-total-jpy').textContent()).toMatch(/[¥￥][\d,]+/)
    expect(await j.page.getByTestId('net-assets-liabilities').textContent()).toMatch(/\d/)
    expect(await j.page.locator('[data-testid="asset-chart"] canvas').count()).toBeGreaterThan(0)
    await j.screens.shotInLanguages(
      '01-overview',
      async (locale) => {
        const card = j.page.getByTestId('net-assets')
        await card.waitFor()
        await expect
          .poll(() => card.textContent())
          .toContain(TEXTS[locale]['stock.assets.netAssets'])
        await j.page.getByTestId('asset-chart').waitFor({ timeout: 15_000 })
        expect(await j.page.getByTestId('asset-cost-view-title').textContent()).toBe(
          TEXTS[locale]['stock.assets.costView'],
        )
      },
      true,
    )
    // Another range reads the history again and draws it.
    await j.page.getByTestId('asset-range-all').click()
    await j.page.getByTestId('asset-chart').waitFor({ timeout: 15_000 })
    expect(j.pageErrors).toEqual([])
  })
})
