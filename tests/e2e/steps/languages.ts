import type { Page } from 'playwright-core'
import { LOCALES, STORED_CODE, type Locale } from '../../../client/src/i18n/locale'

/**
 * Screenshots of the screen `page` shows, in every language, the cheap way: the stored language
 * (`language`, spec §3) is set, the same page reloaded and `testId` waited for, then the shot is
 * `shoot(<name>-<locale>)`. Japanese, the default, is shot last, so the page is left in it.
 */
export async function shotInEveryLanguage(
  page: Page,
  shoot: (name: string) => Promise<void>,
  name: string,
  testId: string,
): Promise<void> {
  const order: Locale[] = [...LOCALES.filter((l) => l !== 'ja'), 'ja']
  for (const locale of order) {
    await page.evaluate((code) => localStorage.setItem('language', code), STORED_CODE[locale])
    await page.reload()
    await page.getByTestId(testId).first().waitFor()
    await page.waitForFunction((lang) => document.documentElement.lang === lang, locale)
    await shoot(`${name}-${locale}`)
  }
}
