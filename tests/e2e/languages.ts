import type { Page } from 'playwright-core'
import type { journeyScreens } from './journey'

/** What the app stores as `language` (client/src/i18n/locale.ts STORED_CODE: the spec's codes). */
const OTHER_LANGUAGES = [
  ['zh-CN', 'cn'],
  ['en', 'us'],
] as const

/**
 * The screen on `page`, already shot in Japanese as `name`, shot again in Chinese and English
 * (`<name>-zh-CN`, `<name>-en`): the stored language changed and the page reloaded on the same
 * route, `testId` awaited (and scrolled into view) each time, then Japanese again. For screens
 * that show what the gateway holds (lists, panels), not a form's unsent state, which a reload
 * would lose.
 */
export async function shotInOtherLanguages(
  page: Page,
  screens: ReturnType<typeof journeyScreens>,
  name: string,
  testId: string,
  fullPage = false,
) {
  const showIn = async (code: string) => {
    await page.evaluate((c) => localStorage.setItem('language', c), code)
    await page.reload()
    const shown = page.getByTestId(testId).first()
    await shown.waitFor()
    await shown.scrollIntoViewIfNeeded()
  }
  for (const [tag, code] of OTHER_LANGUAGES) {
    await showIn(code)
    await screens.shot(`${name}-${tag}`, fullPage)
  }
  await showIn('jp')
}
