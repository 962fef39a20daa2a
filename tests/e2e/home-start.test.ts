import { describe, expect, it } from 'vitest'
import { phoneJourney } from './journey'

/**
 * Issue 15's "Speed" on a phone against a real gateway: a cold open with a stored session runs the
 * start screen's steps and lands on home, which shows the indices those steps fetched (one request
 * for them, not two) and mounts its parts below the fold once the browser is idle.
 */
// CLIENT_DIR serves another build (an older one copied aside, to see this test fail on it).
const j = phoneJourney(
  'home-start',
  process.env.CLIENT_DIR ? { CLIENT_DIR: process.env.CLIENT_DIR } : {},
)

describe('home opened through the start screen on a 390×844 phone', () => {
  it('logs in with the demo account', async () => {
    await j.page.goto(`${j.gateway.url}/#/login/login`)
    await j.page.getByTestId('demo-login-use').click()
    await expect.poll(j.screens.hashPath, { timeout: 15_000 }).toBe('/home/home')
    // This home asks for the indices itself (the start steps ran long before the login): its
    // request is answered here, not counted as the next document's.
    await j.page.locator('[data-testid^="index-"]').first().waitFor()
  })

  it('shows the indices of the start step at once, asking for them once', async () => {
    const indexRequests: string[] = []
    j.page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/market/indices') indexRequests.push(r.url())
    })
    // In the commit that first paints home: the cards, not placeholders waiting on a request.
    // Watched from the document's start, as a poll after the fact would see the cards either way.
    await j.page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.querySelector('[data-testid="home-more"]') === null) return
        observer.disconnect()
        const cards = document.querySelectorAll('[data-testid^="index-"]').length
        Object.assign(window, { cardsWithHome: cards })
      }).observe(document, { childList: true, subtree: true })
    })
    // A new document: `/` goes through /login/start, whose steps find the stored session.
    await j.page.goto(`${j.gateway.url}/`)
    await expect.poll(j.screens.hashPath, { timeout: 20_000 }).toBe('/home/home')
    const cardsWithHome = await j.page.evaluate(
      () => (window as unknown as { cardsWithHome?: number }).cardsWithHome,
    )
    expect(cardsWithHome).toBeGreaterThanOrEqual(3)
    // The parts below the fold come once the browser is idle, one after another.
    await j.page.getByTestId('home-rankings').waitFor()
    await j.page.getByTestId('markets-link-indicators').waitFor()
    await j.page.getByTestId('home-ipo').waitFor()
    await j.page.getByTestId('news-headlines').waitFor()
    expect(indexRequests).toHaveLength(1)
    // Home is plain elements (plain.css), top to bottom: no emotion-styled element (`css-…`) in it.
    const styled = await j.page.evaluate(() =>
      Array.from(document.querySelectorAll('main [class*="css-"]'), (el) => el.className),
    )
    expect(styled).toEqual([])
    // So home needs no MUI theme: its layout's code (app/ThemedLayout) is only preloaded once home
    // is idle, to run at the first tap.
    await j.page.locator('link[rel="modulepreload"][href*="/ThemedLayout-"]').waitFor({
      state: 'attached',
    })
    expect(j.pageErrors).toEqual([])
  })

  it('has the price colours, light and dark, from plain.css', async () => {
    const red = () =>
      j.page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--kabu-trend-red'),
      )
    expect(await red()).toBe('#c4141c')
    await j.page.emulateMedia({ colorScheme: 'dark' })
    expect(await red()).toBe('#ff6b6b')
    await j.page.emulateMedia({ colorScheme: 'light' })
  })

  // The rows, cards and bottom menu are plain elements (issue 15): they still do what MUI's did.
  it('opens a stock from its row, and the bottom menu marks and changes the tab', async () => {
    expect(await j.page.getByTestId('tab-home').getAttribute('aria-current')).toBe('page')
    // The demo account starts with unread messages: their count is on the Mine tab.
    expect(Number(await j.page.getByTestId('tab-mine-unread').textContent())).toBeGreaterThan(0)
    const row = j.page.locator('[data-testid^="stock-row-"]').first()
    // Drawn as a list row, not as a browser button: the name starts where the code line below it
    // starts (a button centres its text), in the page's font (a button has the system's own).
    const look = await row.evaluate((button) => {
      // Where the text itself starts: the span is as wide as the row either way.
      const left = (selector: string) => {
        const text = document.createRange()
        text.selectNodeContents(button.querySelector(selector)!)
        return Math.round(text.getBoundingClientRect().left)
      }
      const font = (el: Element) => getComputedStyle(el).fontFamily
      return {
        nameAt: left('.k-quote-name'),
        codeAt: left('.k-quote-sub'),
        sameFont: font(button) === font(document.body),
      }
    })
    expect(look).toEqual({ nameAt: look.codeAt, codeAt: look.codeAt, sameFont: true })
    const code = (await row.getAttribute('data-testid'))!.slice('stock-row-'.length)
    await row.click()
    await expect.poll(j.screens.hashPath).toBe('/quotes/info')
    expect(new URL(j.page.url()).hash).toBe(`#/quotes/info?code=${encodeURIComponent(code)}`)
    await j.page.goBack()
    await j.page.getByTestId('tab-mine').click()
    await expect.poll(j.screens.hashPath).toBe('/mine/index')
    // The address changes first; the menu renders with the screen.
    await expect
      .poll(() => j.page.getByTestId('tab-mine').getAttribute('aria-current'))
      .toBe('page')
    expect(await j.page.getByTestId('tab-home').getAttribute('aria-current')).toBeNull()
    expect(j.pageErrors).toEqual([])
  })

  it('past home, has the theme’s colours, light and dark, from one stylesheet of variables', async () => {
    // On Mine (the last test's tab): a screen drawn with MUI, so the theme came with it.
    const primary = () =>
      j.page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--mui-palette-primary-main'),
      )
    await expect.poll(primary).toBe('#1f5fbf')
    await j.page.emulateMedia({ colorScheme: 'dark' })
    expect(await primary()).toBe('#7aa7ff')
    await j.page.emulateMedia({ colorScheme: 'light' })
    // Defined by the plain stylesheet only, not (also) by emotion's copy.
    const definedIn = await j.page.evaluate(() =>
      Array.from(document.querySelectorAll('style'))
        .filter((s) =>
          Array.from(s.sheet?.cssRules ?? []).some((r) =>
            r.cssText.includes('--mui-palette-primary-main:'),
          ),
        )
        .map((s) => (s.hasAttribute('data-theme-variables') ? 'plain' : 'emotion')),
    )
    expect(definedIn).toEqual(['plain'])
    expect(j.pageErrors).toEqual([])
  })
})
