import { describe, expect, it } from 'vitest'
import { STORED_CODE, type Locale } from '../../client/src/i18n/locale'
import { phoneJourney } from './journey'
import { buyAndOpenHolding } from './steps/holding'

/**
 * Issue 35's order types on a phone in Chinese and English (orders.test.ts walks them in Japanese):
 * each buy the ticket offers — limit, stop (逆指値), stop-limit, trailing, IFD, IFDOCO — is read back
 * in the language's words before it is placed, rests in 注文照会 and is cancelled there (the demo's
 * cash covers one at a time); the sell ticket on a holding reads its limit, stop, trailing and OCO
 * back the same way.
 */
const CODE = '7203'
const j = phoneJourney('order-kinds', { MARKET_HOURS: 'always' })

/** What each read-back says in a language, beside its prices (the catalogue's fixed words). */
const WORDS: Record<'zh-CN' | 'en', Record<string, string[]>> = {
  'zh-CN': {
    limit: ['以限价', '买入'],
    stop: ['涨至', '时以市价买入'],
    stop_limit: ['涨至', '时以限价'],
    trailing: ['自低点回升', '以市价买入'],
    ifd: ['成交后以限价', '卖出'],
    ifdoco: ['成交后以限价', '或跌至'],
    'sell-limit': ['以限价', '卖出'],
    'sell-stop': ['跌至', '时以市价卖出'],
    'sell-trailing': ['自高点回落'],
    'sell-oco': ['或跌至', '卖出'],
  },
  en: {
    limit: ['Buy 100', 'at a limit of'],
    stop: ['Buy 100', 'at market once it is at or above'],
    stop_limit: ['at a limit of', 'once it is at or above'],
    trailing: ['Buy 100', 'off its low'],
    ifd: ['Once filled, sell at a limit of'],
    ifdoco: ['Once filled, sell at a limit of', 'or at market at or below'],
    'sell-limit': ['Sell 100', 'at a limit of'],
    'sell-stop': ['Sell 100', 'at or below'],
    'sell-trailing': ['Sell 100', 'off its high'],
    'sell-oco': ['Sell 100', 'or at market once it is at or below'],
  },
}

/** The ticket's field as a number (the stepper shows the last price at first). */
const shown = async (testId: string) =>
  Number((await j.page.getByTestId(testId).inputValue()).replace(/,/g, ''))

async function speak(locale: Locale) {
  await j.page.evaluate((code) => localStorage.setItem('language', code), STORED_CODE[locale])
  await j.page.reload()
  await j.page.waitForFunction((lang) => document.documentElement.lang === lang, locale)
}

/** Opens the buy ticket, lets `fill` pick the kind and prices, and reads the order back. */
async function review(fill: (last: number) => Promise<number[]>) {
  await j.screens.open(`/quotes/info?code=${CODE}`, 'buy-open')
  await j.page.getByTestId('buy-open').click()
  await j.page.getByTestId('order-kind-limit').click()
  const prices = await fill(await shown('order-price'))
  await j.page.getByTestId('order-review').click()
  const summary = (await j.page.getByTestId('order-summary').textContent()) ?? ''
  for (const price of prices) expect(summary).toContain(price.toLocaleString('en'))
  return summary
}

/** The buys of the ticket, each with prices that keep it resting (5–8 % off the last price). */
const BUYS: Record<string, (last: number) => Promise<number[]>> = {
  async limit(last) {
    const price = Math.floor(last * 0.93)
    await j.page.getByTestId('order-price').fill(String(price))
    return [price]
  },
  async stop(last) {
    await j.page.getByTestId('order-kind-stop').click()
    const trigger = Math.floor(last * 1.06)
    await j.page.getByTestId('order-trigger').fill(String(trigger))
    return [trigger]
  },
  async stop_limit(last) {
    await j.page.getByTestId('order-kind-stop').click()
    const trigger = Math.floor(last * 1.06)
    await j.page.getByTestId('order-trigger').fill(String(trigger))
    await j.page.getByTestId('order-stop-limit').check()
    const price = trigger + 5
    await j.page.getByTestId('order-price').fill(String(price))
    return [trigger, price]
  },
  async trailing(last) {
    await j.page.getByTestId('order-kind-trailing').click()
    const trail = Math.max(1, Math.floor(last * 0.05))
    await j.page.getByTestId('order-trail').fill(String(trail))
    return [trail]
  },
  async ifd(last) {
    const price = Math.floor(last * 0.93)
    await j.page.getByTestId('order-price').fill(String(price))
    await j.page.getByTestId('order-exits').selectOption('ifd')
    const exit = Math.floor(last * 1.05)
    await j.page.getByTestId('order-exit-price').fill(String(exit))
    return [price, exit]
  },
  async ifdoco(last) {
    const price = Math.floor(last * 0.93)
    await j.page.getByTestId('order-price').fill(String(price))
    await j.page.getByTestId('order-exits').selectOption('ifdoco')
    const exit = Math.floor(last * 1.05)
    await j.page.getByTestId('order-exit-price').fill(String(exit))
    const stop = Math.floor(last * 0.88)
    await j.page.getByTestId('order-exit-trigger').fill(String(stop))
    return [price, exit, stop]
  },
}

describe.each(['zh-CN', 'en'] as const)('order types on a 390×844 phone in %s', (locale) => {
  it('logs in as the demo account', async () => {
    await j.screens.login(j.gateway.config.demoAccount, j.gateway.config.demoPassword)
    await speak(locale)
  })

  it.each(Object.keys(BUYS))(
    'reads a %s buy back in words, places it, sees it rest and cancels it',
    async (kind) => {
      const summary = await review(BUYS[kind]!)
      for (const words of WORDS[locale][kind]!) expect(summary).toContain(words)
      await j.screens.shot(`${locale}-${kind}`)
      await j.page.getByTestId('order-confirm').click()
      // A stop, stop-limit or trailing buy waits for its trigger; the others rest in the book.
      const outcome = j.page.getByTestId('order-outcome')
      await expect
        .poll(() => outcome.getAttribute('data-state'), { timeout: 15_000 })
        .toBe(['stop', 'stop_limit', 'trailing'].includes(kind) ? 'waiting' : 'pending')
      // In 注文照会 it rests (a stop waits for its trigger); cancelled, its cash is free for the next.
      await j.page.getByTestId('order-view-position').click()
      const status = j.page.getByTestId('order-status')
      await expect.poll(() => status.getAttribute('data-status')).toMatch(/^(open|waiting)$/)
      await j.page.getByTestId('order-cancel-open').click()
      await j.page.getByTestId('order-cancel-confirm').click()
      await expect.poll(() => status.getAttribute('data-status')).toBe('cancelled')
    },
  )

  it('reads each sell of a holding back in words', async () => {
    await buyAndOpenHolding(j, CODE)
    for (const kind of ['limit', 'stop', 'trailing', 'oco'] as const) {
      await j.page.getByTestId(`sell-kind-${kind}`).click()
      if (kind === 'trailing') await j.page.getByTestId('sell-trail').fill('50')
      await j.page.getByTestId('sell-open').click()
      const sentence = (await j.page.getByTestId('sell-sentence').textContent()) ?? ''
      for (const words of WORDS[locale][`sell-${kind}`]!) expect(sentence).toContain(words)
      await j.page.getByTestId('sell-cancel').click()
      await j.page.getByTestId('sell-confirmation').waitFor({ state: 'hidden' })
    }
    expect(j.pageErrors).toEqual([])
  })
})
