import { softAuthenticator } from '../support/soft-authenticator'
import { registerPasskey } from './passkeys.support'
import { randomUUID } from 'node:crypto'
import type { SessionGrant } from '@kabu/shared/api/user'
import fc from 'fast-check'
import { startTestApp, type TestApp } from '../support/app'
import { FORM_HINTS, SENSIBLE_HINTS } from '../support/form-hints'
import { takeOverQuotes } from '../support/quote-feed'
import { formShape, validForm, type FormBody } from '../support/zod-form'
import { FUND_PASSWORD, photo, upload, uploadId, verifiedUser } from '../support/identity'
import { session, brokerData } from '../support/broker'
import { newOffer } from './block.support'
import { bindCard } from './funds.support'
import { createOffer, T0 } from './ipo.support'
import { ops, OPS_TOKEN } from './ops-client'
import { postProduct } from './follow.support'
import { credit, restingLimit, TOYOTA } from './trading.support'

/**
 * A user's world made through the real calls, for the cross-user and every-route fuzz tests: one of
 * every kind of object a call can name by id (an order, a card, a conversation, a loan,
 * applications, block and product orders, a day-trade account, uploads, a message) and the
 * idempotency keys of those commands; the still gateway both start, and the forms and reads the
 * cross-user walk sends.
 */

const DAY = 86_400_000

type Route = TestApp['app']['brokerRoutes'][number]

/**
 * A gateway whose world holds still, so that any change is a call's own: quotes are the test's
 * (none pushed, so no resting order fills between calls), reviews wait for an operator, the jobs
 * wait, and the clock sits on T0, a bank-day morning with no accrual, draw or close due.
 */
export async function startStillApp(): Promise<TestApp> {
  const t = await startTestApp({
    env: {
      TIME_TRAVEL: '1',
      REVIEW_POLICY: 'manual',
      OPS_TOKEN,
      IPO_JOB_MS: '3600000',
      PRODUCT_JOB_MS: '3600000',
      DAYTRADE_JOB_MS: '60000',
      ASSETS_JOB_MS: '3600000',
    },
    beforeStart: (app) => void takeOverQuotes(app.market),
  })
  // Their start passes read the real clock; stopped, none can still be running when a walk begins.
  await t.app.broker.ipo.jobs.stop()
  await t.app.broker.products.jobs.stop()
  await t.app.broker.assets.closeJob.stop()
  t.app.clock.set(T0)
  return t
}

/** Calls Alice reads her own things with, compared before and after Bob's walk. */
export const ALICE_READS: Array<[string, Record<string, string>]> = [
  ['/user/wallets', {}],
  ['/user/banks', {}],
  ['/trade/userstocklist', { type: 'jpy' }],
  ['/trade/selflist', { type: 'jpy' }],
  ['/user/withdrawallist', { type: 'jpy' }],
  ['/user/rechargelist', { type: 'jpy' }],
  ['/user/fundlist', { type: 'jpy' }],
  ['/user/loanlist', { type: 'jpy' }],
  ['/trade/usernewstocklist', { type: 'jpy' }],
  ['/trade/userblocklist', { type: 'jpy', status: 'pending' }],
  ['/trade/userproductlist', { type: 'jpy' }],
  ['/trade/daytradelist', { type: 'jpy' }],
  ['/user/supportThreads', {}],
  ['/user/messages', {}],
  ['/user/verifyInfo', {}],
]

/**
 * A few forms the call takes with `field` (the id) in them, the other fields set to values that
 * work. A field the id excludes (a short sale's code beside a holding's id) is left out.
 */
export function formsFor(schema: NonNullable<Route['schema']>, field: string): FormBody[] {
  const shape = formShape(schema)
  const parses = (form: FormBody) => schema.safeParse({ ...form, [field]: '1' }).success
  return fc.sample(validForm(schema, FORM_HINTS), { numRuns: 3, seed: 17 }).map((sampled) => {
    let form = sampled
    for (const [name, hint] of Object.entries(SENSIBLE_HINTS)) {
      const value = fc.sample(hint, 1)[0]!
      if (shape[name]?.safeParse(value).success) form[name] = value
    }
    for (const name of Object.keys(form)) {
      if (parses(form) || name === field) continue
      const { [name]: _excluded, ...rest } = form
      if (parses(rest)) form = rest
    }
    return form
  })
}

/** A user ready for everything: verified, fund password, a card, money in three currencies. */
export async function fullUser(t: TestApp, account: string): Promise<SessionGrant> {
  const grant = await verifiedUser(t, account)
  await bindCard(t, grant)
  await credit(t, account, 'JPY', '100000000')
  await credit(t, account, 'USD', '100000')
  await credit(t, account, 'CNY', '1000000')
  return grant
}

/** What every user sees, made by operators: an IPO offer, a block offer, a product, an article. */
export async function catalogue(
  t: TestApp,
): Promise<{ ipo: string; block: string; product: string }> {
  const now = t.app.clock.now()
  const ipo = await createOffer(t, {
    subscribe_start: now - 3_600_000,
    subscribe_end: now + DAY,
    lottery_at: now + 2 * DAY,
    pay_deadline: now + 3 * DAY,
    listing_at: now + 5 * DAY,
  })
  const block = await newOffer(t)
  const product = await postProduct(t, { deadline: now + 2 * DAY })
  if (product.status !== 1) throw new Error(`product refused: ${product.msg}`)
  const news = await ops(t.url, 'POST', '/news', {
    category: 'notice',
    title: { ja: 'お知らせ', zh: '公告', en: 'Notice' },
    body: { ja: '本文', zh: '正文', en: 'Body' },
  })
  if (news.status !== 1) throw new Error(`news refused: ${news.msg}`)
  return {
    ipo: String(ipo.id),
    block: String(block.id),
    product: String((product.data as { id: string }).id),
  }
}

/** `user` makes one object of every kind through the calls a phone makes. */
export async function makeWorld(
  t: TestApp,
  user: SessionGrant,
  offers: { ipo: string; block: string; product: string },
  { passkey = true }: { passkey?: boolean } = {},
): Promise<void> {
  const call = (path: string, form: Record<string, string>) =>
    brokerData(t.url, path, form, session(user))
  const idem = () => randomUUID()
  // A second card: a call that removes one leaves one to try the others with.
  const card = (await call('/user/bankAdd', {
    holder: 'ヤマダ タロウ',
    bank_name: '三菱UFJ銀行',
    bank_code: '0005',
    branch_name: '本店',
    branch_code: '001',
    account_type: 'ordinary',
    card_number: '7654321',
    fund_password: FUND_PASSWORD,
  })) as { id: string }
  // A holding (a market buy) and a resting order, which is an order, not a holding (issue 35): it
  // stays open, the test's quotes never reach its price.
  await call('/trade/buy', {
    type: 'jpy',
    code: TOYOTA,
    num: '100',
    fund_password: FUND_PASSWORD,
    idem: idem(),
  })
  await call('/trade/buy', {
    type: 'jpy',
    code: TOYOTA,
    num: '100',
    price: (Number(restingLimit(t)) / 10_000).toString(),
    fund_password: FUND_PASSWORD,
    idem: idem(),
  })
  // A short sale (売建): a holding only a buy-to-cover (/trade/buy with its id) closes.
  await call('/trade/sell', { type: 'jpy', code: TOYOTA, num: '100', leverage: '3', idem: idem() })
  await call('/trade/selfadd', { type: 'jpy', code: TOYOTA })
  await call('/user/withdraw', {
    type: 'jpy',
    money: '10000',
    bank_id: String(card.id),
    fund_password: FUND_PASSWORD,
    idem: idem(),
  })
  await call('/user/recharge', {
    type: 'jpy',
    money: '50000',
    channel: 'bank_transfer',
    voucher: await uploadId(t, user, 'voucher'),
    idem: idem(),
  })
  await call('/user/exchange', { from: 'JPY', to: 'USD', money: '10000', idem: idem() })
  const image = await upload(t, user, 'support', await photo('png'), 'shot.png', 'image/png')
  await call('/user/supportSend', {
    text: 'my order',
    image: (image.data as { id: string }).id,
    idem: idem(),
  })
  // Alerts far from the price, so they stay active while the calls are tried on them; several, as
  // /user/alertDel takes the owner's first ones before /user/alertPause is tried.
  for (const value of ['99000000000', '98000000000', '97000000000', '96000000000'])
    await call('/user/alertAdd', { code: '7203', kind: 'volume_above', value })
  const loan = await call('/user/loan', { type: 'jpy', money: '100000', idem: idem() })
  // Approved, so that repaying it is a thing its owner can do.
  const approved = await ops(t.url, 'POST', `/reviews/loan/${(loan as { id: string }).id}/approve`)
  if (approved.status !== 1) throw new Error(`loan approval refused: ${approved.msg}`)
  await call('/trade/subscribe', { id: offers.ipo, num: '100', idem: idem() })
  await call('/trade/blockbuy', {
    id: offers.block,
    num: '100',
    fund_password: FUND_PASSWORD,
    idem: idem(),
  })
  await call('/trade/productbuy', {
    id: offers.product,
    money: '20000',
    fund_password: FUND_PASSWORD,
    idem: idem(),
  })
  await call('/trade/daytradeApply', { type: 'jpy', money: '1000000', idem: idem() })
  const sent = await ops(t.url, 'POST', '/messages', {
    account: user.account,
    title: 'For you',
    summary: 'A note',
    body: 'Only for this user.',
  })
  if (sent.status !== 1) throw new Error(`message refused: ${sent.msg}`)
  // The fills and the message are notifications, written once their events are out.
  await t.app.broker.notifications.idle()
  // Last: from here on the user's withdrawals and card changes need this passkey too.
  if (passkey) {
    const registered = await registerPasskey(t, user, softAuthenticator())
    if (registered.status !== 1) throw new Error(`passkey refused: ${registered.msg}`)
  }
}
