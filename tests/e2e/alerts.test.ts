import { describe, expect, it } from 'vitest'
import { STORED_CODE, type Locale } from '../../client/src/i18n/locale'
import { phoneJourney } from './journey'

/**
 * Issue 37's price alert on a phone against a real gateway, in each language: from Toyota's page
 * the bell opens the add sheet (its live price, the condition in words as the user sets it), a
 * "price at or below" set above today's price is saved, and the leader's watcher fires it at once:
 * the toast tells it with a link to the stock, and the alerts list under Mine shows it triggered.
 */
const j = phoneJourney('alerts')
const TOYOTA = '7203'

const WORDS: Record<Locale, { condition: string; toast: string; triggered: string }> = {
  ja: { condition: '以下になったら', toast: 'アラート', triggered: '通知済み' },
  'zh-CN': { condition: '或以下时', toast: '提醒', triggered: '已提醒' },
  en: { condition: 'at or below', toast: 'Alert', triggered: 'Triggered' },
}

describe('price alert journey on a 390×844 phone', () => {
  it.each(['en', 'zh-CN', 'ja'] as const)(
    '%s: adds an alert from the stock page and sees it fire as a toast',
    async (locale) => {
      const { page, screens } = j
      if (locale === 'en')
        await screens.login(j.gateway.config.demoAccount, j.gateway.config.demoPassword)
      await page.evaluate((code) => localStorage.setItem('language', code), STORED_CODE[locale])
      await screens.open(`/quotes/info?code=${TOYOTA}`, 'stock-alert')
      await page.reload()
      await page.waitForFunction((lang) => document.documentElement.lang === lang, locale)
      await page.getByTestId('stock-alert').waitFor()
      await page.getByTestId('stock-alert').click()
      await expect.poll(screens.hashPath).toBe('/mine/alerts')
      const sheet = page.getByTestId('alert-sheet')
      await sheet.waitFor()
      expect(await page.getByTestId('alert-sheet-price').textContent()).toMatch(/\d/)

      await sheet.getByRole('combobox').click()
      await page.getByTestId('alert-kind-price_below').click()
      // Twice today's price: already true, so the watcher fires it at its next pass.
      const price = j.gateway.app.market.snapshot(TOYOTA)!.price
      const value = String(Math.ceil(price * 2))
      await page.getByTestId('alert-value').fill(value)
      const words = await page.getByTestId('alert-words').textContent()
      expect(words).toContain(TOYOTA)
      expect(words).toContain(WORDS[locale].condition)
      expect(words).toContain(Number(value).toLocaleString('en').slice(0, 3))
      await screens.shot(`01-sheet-${locale}`)

      await page.getByTestId('alert-submit').click()
      const link = page.getByTestId('toast-link')
      await link.waitFor({ timeout: 15_000 })
      const toast = await page.getByRole('alert').filter({ has: link }).textContent()
      expect(toast).toContain(WORDS[locale].toast)
      expect(toast).toContain(WORDS[locale].condition)
      expect(await link.getAttribute('href')).toBe(`#/quotes/info?code=${TOYOTA}`)
      await screens.shot(`02-toast-${locale}`)

      // The list, read again on the event, shows the newest alert fired.
      const first = page
        .getByTestId('alerts-list')
        .locator('[data-testid^="alert-status-"]')
        .first()
      await expect
        .poll(() => first.textContent(), { timeout: 10_000 })
        .toBe(WORDS[locale].triggered)
      await link.click()
      await expect.poll(screens.hashPath).toBe('/quotes/info')
    },
  )

  it('left no page errors', () => {
    expect(j.pageErrors).toEqual([])
  })
})
