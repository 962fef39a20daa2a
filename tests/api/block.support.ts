import { randomUUID } from 'node:crypto'
import type { BlockOffer, BlockOrder } from '@kabu/shared/api/block'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { Currency } from '@kabu/shared/money/currencies'
import { startTestApp, type TestApp } from '../support/app'
import { FUND_PASSWORD, verifiedUser } from '../support/identity'
import { session, brokerApi, brokerData, type BrokerAnswer } from '../support/broker'
import { OPS_TOKEN, ops, type OpsAnswer } from './ops-client'
import { credit, TOYOTA, userIdOf } from './trading.support'

/** Helpers of the block-trade tests. */

export const HOUR = 3_600_000

/** A gateway with time travel, the operator token and manual review unless `env` says otherwise. */
export function startBlockApp(env: Record<string, string> = {}): Promise<TestApp> {
  return startTestApp({
    env: { TIME_TRAVEL: '1', OPS_TOKEN, REVIEW_POLICY: 'manual', ...env },
  })
}

/** A verified user with a fund password and `jpy` yen. */
export async function blockBuyer(
  t: TestApp,
  account: string,
  jpy = '100000000',
): Promise<SessionGrant> {
  const grant = await verifiedUser(t, account)
  await credit(t, account, 'JPY', jpy)
  return grant
}

/** `POST /api/ops/block` with a Toyota offer open for an hour unless `body` says otherwise. */
export function postOffer(t: TestApp, body: Record<string, unknown> = {}): Promise<OpsAnswer> {
  return ops(t.url, 'POST', '/block', {
    code: TOYOTA,
    lots: 10,
    max_lots: 5,
    closes_at: t.app.clock.now() + HOUR,
    ...body,
  })
}

export async function newOffer(
  t: TestApp,
  body: Record<string, unknown> = {},
): Promise<BlockOffer> {
  const answer = await postOffer(t, body)
  if (answer.status !== 1) throw new Error(`offer refused: ${answer.msg}`)
  return answer.data as BlockOffer
}

export function blockBuy(
  t: TestApp,
  g: SessionGrant,
  form: Record<string, string>,
): Promise<BrokerAnswer> {
  return brokerApi(
    t.url,
    '/trade/blockbuy',
    { num: '100', fund_password: FUND_PASSWORD, idem: randomUUID(), ...form },
    session(g),
  )
}

export const blockList = (t: TestApp, g: SessionGrant, type = 'jpy') =>
  brokerData<BlockOffer[]>(t.url, '/trade/blocklist', { type }, session(g))

export const myBlocks = (t: TestApp, g: SessionGrant, status: 'pending' | 'decided') =>
  brokerData<BlockOrder[]>(t.url, '/trade/userblocklist', { type: 'jpy', status }, session(g))

export const myBlock = (t: TestApp, g: SessionGrant, id: string) =>
  brokerData<BlockOrder>(t.url, '/trade/userblockinfo', { id }, session(g))

export const approveBlock = (t: TestApp, id: string) =>
  ops(t.url, 'POST', `/reviews/block/${id}/approve`)

export const rejectBlock = (t: TestApp, id: string, reason = 'declined') =>
  ops(t.url, 'POST', `/reviews/block/${id}/reject`, { reason })

export async function booksOf(t: TestApp, account: string, currency: Currency = 'JPY') {
  return t.app.broker.ledger.balances(t.app.db, await userIdOf(t, account), currency)
}

export async function blockOrderRows(t: TestApp): Promise<number> {
  const row = await t.app.db
    .selectFrom('block_orders')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Moves the gateway's clock to just after the offer's window. */
export function closeWindow(t: TestApp, offer: BlockOffer): void {
  t.app.clock.set(Math.max(t.app.clock.now(), offer.closes_at) + 1)
}
