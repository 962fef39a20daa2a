import { randomUUID } from 'node:crypto'
import type { WithdrawRules } from '@kabu/shared/api/funds'
import type { SessionGrant } from '@kabu/shared/api/user'
import { startTestApp, type TestApp } from '../support/app'
import { FUND_PASSWORD, photo, upload, verifiedUser } from '../support/identity'
import { session, brokerApi, brokerData, type BrokerAnswer } from '../support/broker'

/** Helpers of the deposit, withdrawal and exchange tests. */

/** Tuesday 2026-03-03, 10:00 in Tokyo: a bank business day inside both windows. */
export const BANK_DAY_10AM = Date.UTC(2026, 2, 3, 1, 0)

export const idem = () => randomUUID()

/** A gateway whose reviews wait for an operator, with the clock on a bank business morning. */
export async function startFundsApp(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await startTestApp({ env: { REVIEW_POLICY: 'manual', ...env } })
  t.app.clock.set(BANK_DAY_10AM)
  return t
}

/** Binds a card to a verified user with a fund password; its id. */
export async function bindCard(t: TestApp, grant: SessionGrant): Promise<string> {
  const card = await brokerData<{ id: string | number }>(
    t.url,
    '/user/bankAdd',
    {
      holder: 'ヤマダ タロウ',
      bank_name: 'みずほ銀行',
      bank_code: '0001',
      branch_name: '本店',
      branch_code: '001',
      account_type: 'ordinary',
      card_number: '1234567',
      fund_password: FUND_PASSWORD,
    },
    session(grant),
  )
  return String(card.id)
}

/** A user who may withdraw: verified, fund password set, a card bound. */
export async function readyUser(
  t: TestApp,
  account: string,
): Promise<{ grant: SessionGrant; card: string }> {
  const grant = await verifiedUser(t, account)
  return { grant, card: await bindCard(t, grant) }
}

/** A call of /api/ops as the operator. */
export async function ops(
  t: TestApp,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ http: number; status?: number; msg?: string; data?: unknown }> {
  const res = await fetch(`${t.url}/api/ops${path}`, {
    method,
    headers: {
      authorization: `Bearer ${t.app.config.opsToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { http: res.status, ...((await res.json()) as object) }
}

export const approve = (t: TestApp, kind: 'deposit' | 'withdraw', id: string) =>
  ops(t, 'POST', `/reviews/${kind}/${id}/approve`)
export const reject = (t: TestApp, kind: 'deposit' | 'withdraw', id: string, reason: string) =>
  ops(t, 'POST', `/reviews/${kind}/${id}/reject`, { reason })

export async function voucher(t: TestApp, grant: SessionGrant): Promise<string> {
  const answer = await upload(t, grant, 'voucher', await photo('png'), 'slip.png', 'image/png')
  if (answer.status !== 1) throw new Error(`upload refused: ${answer.msg}`)
  return (answer.data as { id: string }).id
}

export function recharge(
  t: TestApp,
  grant: SessionGrant,
  form: Record<string, string>,
): Promise<BrokerAnswer> {
  return brokerApi(
    t.url,
    '/user/recharge',
    { type: 'jpy', channel: 'bank_transfer', idem: idem(), ...form },
    session(grant),
  )
}

/**
 * Asks to withdraw (20,000 yen to `card` with the right fund password unless `form` says
 * otherwise); `headers` default to the user's session (passkey tests send the page's Origin too).
 */
export function withdraw(
  t: TestApp,
  grant: SessionGrant,
  card: string,
  form: Record<string, string> = {},
  headers: Record<string, string> = session(grant),
): Promise<BrokerAnswer> {
  return brokerApi(
    t.url,
    '/user/withdraw',
    {
      type: 'jpy',
      money: '20000',
      bank_id: card,
      fund_password: FUND_PASSWORD,
      idem: idem(),
      ...form,
    },
    headers,
  )
}

/** Deposits `money` and has the operator approve it: the wallet is credited. */
export async function fund(
  t: TestApp,
  grant: SessionGrant,
  money: string,
  type = 'jpy',
): Promise<void> {
  const answer = await recharge(t, grant, { money, type, voucher: await voucher(t, grant) })
  if (answer.status !== 1) throw new Error(`recharge refused: ${answer.msg}`)
  const approved = await approve(t, 'deposit', (answer.data as { id: string }).id)
  if (approved.status !== 1) throw new Error(`approve refused: ${approved.msg}`)
}

/** The `available` figure of getUserinfo for a market. */
export async function available(t: TestApp, grant: SessionGrant, type = 'jpy'): Promise<string> {
  const info = await brokerData<Record<string, unknown>>(
    t.url,
    '/user/getUserinfo',
    { type },
    session(grant),
  )
  return String(info[type])
}

export async function wallets(
  t: TestApp,
  grant: SessionGrant,
): Promise<Record<string, { available: string; frozen: string }>> {
  const rows = await brokerData<Array<{ currency: string; available: string; frozen: string }>>(
    t.url,
    '/user/wallets',
    {},
    session(grant),
  )
  return Object.fromEntries(rows.map((r) => [r.currency, r]))
}

/** The published withdrawal rules of one wallet, as the user reads them before they type. */
export const withdrawRules = (t: TestApp, grant: SessionGrant, type = 'jpy') =>
  brokerData<WithdrawRules>(t.url, '/user/withdrawRules', { type }, session(grant))

/**
 * Lends the user `yen` straight through the ledger, as an approved credit loan does: cash they hold
 * but owe (available and borrowed both grow; the house's loans account balances both).
 */
export async function lendYen(t: TestApp, grant: SessionGrant, yen: bigint): Promise<void> {
  const user = await t.app.db
    .selectFrom('users')
    .select('id')
    .where('account', '=', grant.account)
    .executeTakeFirstOrThrow()
  const units = yen * 10_000n
  await t.app.db.transaction().execute((trx) =>
    t.app.broker.ledger.post(trx, {
      kind: 'loan',
      userId: user.id,
      orderNo: `LN-test-${user.id}`,
      postings: [
        { account: { house: 'loans', currency: 'JPY' }, amount: -2n * units },
        { account: { user: user.id, book: 'available', currency: 'JPY' }, amount: units },
        { account: { user: user.id, book: 'borrowed', currency: 'JPY' }, amount: units },
      ],
    }),
  )
}
