import { LISTINGS } from '@kabu/shared/market/listings/index'
import type { Quote } from '@kabu/shared/market/types'
import { takeOverQuotes } from '../support/quote-feed'
import { launchPhone } from './browser'
import { startGateway } from './gateway'

/**
 * Issue 5's client under load, set up once for its journey (tests/e2e/watchlist-load.test.ts) and
 * its benchmark (tests/load/watchlist-load.ts): a 50-code watchlist (every Japanese stock and nine
 * US ones, on the watchlist's all-markets tab) in Chromium at 390×844, fed by a test feed pushed
 * into the real gateway's quote listeners (tests/support/quote-feed.ts), so the pace is the
 * caller's and not the simulator's; the gateway's hub conflates them to one batch per 100 ms as it
 * would in production. Rows count their renders through a test-only probe
 * (features/quotes/render-probe.ts): production builds drop React's Profiler callbacks.
 */
export const CODES = [
  ...LISTINGS.filter((l) => l.market === 'jp' && l.kind === 'stock').map((l) => l.code),
  ...LISTINGS.filter((l) => l.market === 'us' && l.kind === 'stock')
    .slice(0, 9)
    .map((l) => l.code),
]
export const TICKS_PER_SECOND = 20

export type Renders = Record<string, number>

/** Renders of a row's live figures (`watch-quote`) or of the row around them (`watch-row`). */
export const rendersOf = (counts: Renders, part: 'quote' | 'row', code: string) =>
  counts[`watch-${part}:${code}`] ?? 0

/** Each code's renders of `part` between two counts, in CODES order. */
export const grew = (before: Renders, after: Renders, part: 'quote' | 'row') =>
  CODES.map((code) => rendersOf(after, part, code) - rendersOf(before, part, code))

/** One price step up or down from `q`, on the market's grid (whole yen, cents), never below a step. */
function nextTick(q: Quote): Quote {
  const step = q.market === 'jp' ? 1 : 0.01
  const price = Math.max(
    step,
    Math.round((q.price + (Math.random() < 0.5 ? -step : step)) / step) * step,
  )
  const change = Math.round((price - q.prevClose) / step) * step
  return {
    ...q,
    price,
    change,
    changePct: Math.round((change / q.prevClose) * 10_000) / 100,
    volume: q.volume + 100,
    time: Date.now(),
    seq: q.seq + 1,
  }
}

export type WatchlistPhone = Awaited<ReturnType<typeof openWatchlistPhone>>

/** A gateway, the demo user watching CODES, and a phone showing them on the all-markets tab. */
export async function openWatchlistPhone() {
  let feed: ReturnType<typeof takeOverQuotes> | undefined
  const gateway = await startGateway(
    process.env.CLIENT_DIR ? { CLIENT_DIR: process.env.CLIENT_DIR } : {},
    (app) => void (feed = takeOverQuotes(app.market)),
  )
  const { app, config, url } = gateway

  /** Each code's quote as the feed last pushed it; `seq` starts far above the simulator's. */
  const last = new Map<string, Quote>()
  for (const q of app.market.snapshots(CODES)) last.set(q.code, { ...q, seq: q.seq + 1_000_000 })

  async function brokerCall<T>(path: string, form: Record<string, string>, headers = {}) {
    const res = await fetch(`${url}/api/vue${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(form).toString(),
    })
    const body = (await res.json()) as { status: number; msg: string; data: T }
    if (body.status !== 1) throw new Error(`${path}: ${body.msg}`)
    return body.data
  }
  const grant = await brokerCall<{ token: string; account: string }>('/user/login', {
    account: config.demoAccount,
    password: config.demoPassword,
  })
  const headers = { token: grant.token, account: grant.account }
  for (const code of CODES) {
    const type = LISTINGS.find((l) => l.code === code)!.market === 'jp' ? 'jpy' : 'usd'
    await brokerCall('/trade/selfadd', { type, code }, headers)
  }

  const { browser, context } = await launchPhone()
  const page = await context.newPage()
  await page.addInitScript((g) => {
    localStorage.setItem('tokend', g.token)
    localStorage.setItem('account', g.account)
    ;(window as { __kabuRenders?: Renders }).__kabuRenders = {}
  }, grant)
  await page.goto(`${url}/#/quotes/self`)
  await page.getByTestId('watchlist-tab-all').click()
  await page.getByTestId(`watchlist-${CODES[CODES.length - 1]}`).waitFor({ timeout: 30_000 })

  return {
    page,
    /** Pushes one tick of each of `codes` TICKS_PER_SECOND times a second until the returned stop. */
    ticking(codes: readonly string[]): () => void {
      const timer = setInterval(() => {
        feed!.push(
          codes.map((code) => {
            const next = nextTick(last.get(code)!)
            last.set(code, next)
            return next
          }),
        )
      }, 1000 / TICKS_PER_SECOND)
      return () => clearInterval(timer)
    },
    /** The price the feed last pushed for `code`. */
    lastPrice: (code: string) => last.get(code)!.price,
    /** The price each row shows, by code (the phone's locale groups thousands with commas). */
    shownPrices: (): Promise<Record<string, number>> =>
      page.evaluate(() =>
        Object.fromEntries(
          [...document.querySelectorAll('[data-testid^="price-"]')].map((e) => [
            e.getAttribute('data-testid')!.slice('price-'.length),
            Number((e.textContent ?? '').replace(/,/g, '')),
          ]),
        ),
      ),
    renders: (): Promise<Renders> =>
      page.evaluate(() => ({ ...(window as { __kabuRenders?: Renders }).__kabuRenders })),
    async close() {
      await browser.close()
      await gateway.stop()
    },
  }
}
