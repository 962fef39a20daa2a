import type { Kysely } from 'kysely'
import { HOLDING } from '@kabu/shared/api/trade'
import { UNITS } from '@kabu/shared/money/decimal'
import { lockUser, sumOf, type Database } from '../../store/index'
import { Refusal } from '../common/refusal'
import type { Ledger } from '../ledger/index'

/**
 * The user's 委託保証金 in yen, as the minimum below is measured: the yen wallet's available cash
 * plus the user's own money in their open credit positions, each one's margin paid at opening and
 * the trust funds applied to it since (a short holds both in frozen; a credit buy paid its margin in
 * and its trust funds paid its debt down). A trust-funds request still pending is neither.
 */
export async function marginDepositJpy(
  db: Kysely<Database>,
  ledger: Pick<Ledger, 'balances'>,
  userId: bigint,
): Promise<bigint> {
  const { available } = await ledger.balances(db, userId, 'JPY')
  const held = await db
    .selectFrom('holdings')
    .select([sumOf('margin').as('margin'), sumOf('trust_funds').as('trust')])
    .where('user_id', '=', userId)
    .where('currency', '=', 'JPY')
    .where('status', 'in', [BigInt(HOLDING.holding), BigInt(HOLDING.closing)])
    .where((eb) => eb.or([eb('leverage', '>', 1n), eb('side', '=', 'short')]))
    .executeTakeFirstOrThrow()
  return available + held.margin + held.trust
}

/**
 * 委託保証金の最低額 (MARKET-RULES.md §8): a new credit position on the Japanese market, a credit
 * buy or a short, opens only while the user's 委託保証金 before it is at least `minimumJpy` (whole
 * yen, CREDIT_MIN_MARGIN_JPY). Run inside the trade's transaction with the user locked first, so
 * two orders at once each see what the other took.
 */
export async function refuseUnderMinimumMargin(
  trx: Kysely<Database>,
  ledger: Pick<Ledger, 'balances'>,
  userId: bigint,
  market: string,
  minimumJpy: string,
): Promise<void> {
  if (market !== 'jp') return
  await lockUser(trx, userId)
  if ((await marginDepositJpy(trx, ledger, userId)) < BigInt(minimumJpy) * UNITS) {
    throw new Refusal('credit_min_margin')
  }
}
