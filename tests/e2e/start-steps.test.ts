import type { Request, Route } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { phoneJourney } from './journey'

/**
 * The start screen's six steps on a phone against a real gateway (issue 15, "Speed"): their
 * requests go out together, so a slow phone network waits for their round trips once, not one
 * after another; the steps still finish in their order, a failure shows at its own step, and a
 * retry sends that step's request again.
 */
// CLIENT_DIR serves another build (an older one copied aside, to see this test fail on it).
const j = phoneJourney(
  'start-steps',
  process.env.CLIENT_DIR ? { CLIENT_DIR: process.env.CLIENT_DIR } : {},
)

const VERSION = '**/api/vue/common/version'
const CONFIG = '**/api/vue/common/config'
const pathOf = (r: Request) => new URL(r.url()).pathname

/** The paths asked for from now on, in order. */
function watchRequests(): string[] {
  const asked: string[] = []
  j.page.on('request', (r) => asked.push(pathOf(r)))
  return asked
}

describe('the start screen on a 390×844 phone', () => {
  it('asks for the indices and the config while the version answer is still on its way', async () => {
    let answerVersion = () => {}
    const versionHeld = new Promise<void>((resolve) => (answerVersion = resolve))
    await j.page.route(VERSION, async (route: Route) => {
      await versionHeld
      await route.continue()
    })
    const asked = watchRequests()
    await j.page.goto(`${j.gateway.url}/`)
    await expect
      .poll(() =>
        asked.filter((p) => p === '/api/market/indices' || p === '/api/vue/common/config'),
      )
      .toEqual(expect.arrayContaining(['/api/market/indices', '/api/vue/common/config']))
    // The screen still shows the version check running, the later steps waiting for their turn.
    await expect
      .poll(() => j.page.getByTestId('start-step-checkingVersion').getAttribute('data-status'))
      .toBe('running')
    expect(await j.page.getByTestId('start-step-fetchingConfig').getAttribute('data-status')).toBe(
      'pending',
    )
    answerVersion()
    await expect.poll(j.screens.hashPath, { timeout: 15_000 }).toBe('/login/login')
    await j.page.unroute(VERSION)
  })

  it('shows a failed step as its own and asks again on retry', async () => {
    let refusals = 1
    await j.page.route(CONFIG, async (route: Route) => {
      if (refusals-- > 0) return route.abort('failed')
      return route.continue()
    })
    const asked = watchRequests()
    // A new document, so the start screen's first step sends every request again.
    await j.page.goto('about:blank')
    await j.page.goto(`${j.gateway.url}/#/login/start`)
    await j.page.getByTestId('start-failed').waitFor()
    // Every step before it is done: the failure is the config's, not the first one to answer.
    for (const step of ['starting', 'checkingVersion', 'fetchingQuotes', 'connectingHost']) {
      expect(await j.page.getByTestId(`start-step-${step}`).getAttribute('data-status')).toBe(
        'done',
      )
    }
    await j.page.getByTestId('start-retry').click()
    await expect.poll(j.screens.hashPath, { timeout: 15_000 }).toBe('/login/login')
    expect(asked.filter((p) => p === '/api/vue/common/config')).toHaveLength(2)
    await j.page.unroute(CONFIG)
    expect(j.pageErrors).toEqual([])
  })
})
