import type { FundLine, Wallet } from '@kabu/shared/api/ledger'
import type { Page } from 'playwright-core'

/**
 * Reads what the logged-in page's user holds, with the session the page itself stored (`tokend`,
 * `account`): the journey checks the screens against the gateway's own figures.
 */
async function brokerAs<T>(
  page: Page,
  baseUrl: string,
  path: string,
  form: Record<string, string> = {},
): Promise<T> {
  const [token, account] = await page.evaluate(() => [
    localStorage.getItem('tokend'),
    localStorage.getItem('account'),
  ])
  if (!token || !account) throw new Error('the page holds no session')
  const res = await fetch(`${baseUrl}/api/vue${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', token, account },
    body: new URLSearchParams(form).toString(),
  })
  const answer = (await res.json()) as { status?: number; msg?: string; data?: unknown }
  if (res.status !== 200 || answer.status !== 1) {
    throw new Error(`${path} answered HTTP ${res.status} ${answer.msg ?? ''}`)
  }
  return answer.data as T
}

/** Available and frozen of every currency, keyed by currency code. */
export async function walletsOf(
  page: Page,
  baseUrl: string,
): Promise<Record<string, { available: string; frozen: string }>> {
  const rows = await brokerAs<Wallet[]>(page, baseUrl, '/user/wallets')
  return Object.fromEntries(rows.map((w) => [w.currency, w]))
}

/** The first page of the user's ledger lines of one market's wallet, newest first. */
export function fundLinesOf(page: Page, baseUrl: string, type: string): Promise<FundLine[]> {
  return brokerAs<FundLine[]>(page, baseUrl, '/user/fundlist', { type })
}

/** The gateway's quoted rate and spread of one pair, as the exchange screen reads them. */
export async function rateOf(
  page: Page,
  baseUrl: string,
  from: string,
  to: string,
): Promise<{ rate: string; spread: string }> {
  const rates = await brokerAs<Array<{ from: string; to: string; rate: string; spread: string }>>(
    page,
    baseUrl,
    '/user/exchangeRates',
  )
  const pair = rates.find((r) => r.from === from && r.to === to)
  if (!pair) throw new Error(`no ${from}/${to} rate`)
  return pair
}

/**
 * Sends an /api/vue call from inside the page, with the session the page stored, and gives back
 * its `data` whatever the answer (a journey reads what the phone itself would get).
 */
export function brokerInPage<T>(
  page: Page,
  baseUrl: string,
  path: string,
  form: Record<string, string>,
): Promise<T> {
  return page.evaluate(
    async ({ url, path, form }) => {
      const res = await fetch(`${url}/api/vue${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          token: localStorage.getItem('tokend') ?? '',
          account: localStorage.getItem('account') ?? '',
        },
        body: new URLSearchParams(form).toString(),
      })
      return ((await res.json()) as { data: unknown }).data
    },
    { url: baseUrl, path, form },
  ) as Promise<T>
}
