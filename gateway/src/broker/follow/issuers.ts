import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import { accrualInstants, accruedThrough, opsProductBody } from '@kabu/shared/api/follow'
import type { OpsProductBody } from '@kabu/shared/api/follow'
import { parseAmount } from '@kabu/shared/api/funds-amounts'
import { CURRENCY_OF_MARKET, MARKET_OF_TYPE } from '@kabu/shared/market/types'
import type { Database } from '../../store/index'
import { newOrderNo } from '../common/order-no'
import { Refusal } from '../common/refusal'
import type { Ledger } from '../ledger/index'
import { fundingTx } from './postings'
import * as q from './products.sql'

/**
 * An issuer's account name: not one the account rule lets anyone register or log in with (it has a
 * dot), and its status `issuer` keeps it out of every session in any case.
 */
export const issuerAccount = (code: string) => `issuer.${code}`

/** The issuer's account, made on its first product. */
async function issuerOf(trx: Kysely<Database>, code: string, now: number): Promise<bigint> {
  const account = issuerAccount(code)
  const found = await q.issuerByAccount(trx, account)
  if (found) {
    if (found.status !== 'issuer') throw new Error(`${account} is not an issuer's account`)
    return found.id
  }
  // An invite code nobody is told: an issuer invites no one.
  const inviteCode = `ISSUER${randomBytes(8).toString('hex').toUpperCase()}`
  return q.insertIssuer(trx, { account, inviteCode, now })
}

/**
 * A new product with its issuer funded, inside the caller's transaction: the issuer's `available`
 * book receives from the house's bank clearing the most profit `capacity` can earn by the deadline
 * from the product's opening (the rule of accruedThrough), so every buy the capacity allows is paid
 * for before it is taken.
 */
export async function createProduct(
  trx: Kysely<Database>,
  ledger: Ledger,
  input: OpsProductBody,
  who: { createdBy: string; simKey: string | null; now: number },
): Promise<bigint> {
  const body = opsProductBody.parse(input)
  const market = MARKET_OF_TYPE[body.type]
  const currency = CURRENCY_OF_MARKET[market]
  const { now } = who
  const min = parseAmount(body.min, currency)
  const capacity = parseAmount(body.capacity, currency)
  if (min === 'amount_invalid' || capacity === 'amount_invalid') throw new Refusal('amount_invalid')
  if (capacity < min) throw new Refusal('invalid_input')
  const opensAt = body.opens_at ?? now
  if (body.deadline <= now) throw new Refusal('product_time_limit_passed')
  const days = accrualInstants(market, Math.max(opensAt, now), body.deadline).length
  const funding = accruedThrough(capacity, body.daily_rate, days, currency)
  // No trading day before the deadline, or a capacity too small to earn a minor unit.
  if (funding <= 0n) throw new Refusal('invalid_input')
  const issuerId = await issuerOf(trx, body.issuer_code, now)
  const id = await q.insertProduct(trx, {
    issuer_id: issuerId,
    issuer: body.issuer,
    name_ja: body.name.ja,
    name_zh: body.name.zh,
    name_en: body.name.en,
    market,
    currency,
    daily_rate: body.daily_rate,
    min_amount: min,
    capacity,
    funding,
    lock_days: body.lock_days,
    opens_at: opensAt,
    deadline: body.deadline,
    simulated: who.simKey === null ? 0 : 1,
    sim_key: who.simKey,
    created_by: who.createdBy,
    created_at: now,
  })
  await ledger.post(trx, fundingTx(issuerId, newOrderNo('PF', now), currency, funding))
  return id
}
