import type { Kysely } from 'kysely'
import type { ExchangeRate, ExchangeResult } from '@kabu/shared/api/funds'
import { exchangeProceeds, parseAmount } from '@kabu/shared/api/funds-amounts'
import type { Currency } from '@kabu/shared/money/currencies'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { Clock } from '../../clock'
import type { FxSource } from '../../market/fx'
import type { Database } from '../../store/index'
import { newOrderNo } from '../common/order-no'
import { idempotent } from '../common/idempotency'
import type { Ledger } from '../ledger/index'
import { Refusal } from '../common/refusal'
import { refuseIfHeld, type SelfFrozen } from '../common/self-freeze'
import type { SessionUser } from '../common/session-user'

export interface ExchangeDeps {
  db: Kysely<Database>
  clock: Clock
  fx: FxSource
  ledger: Ledger
  /** The user's own freeze of trading covers exchanges too (shared/src/api/freeze-covers.ts). */
  selfFrozen: SelfFrozen
}

export type ExchangeService = ReturnType<typeof createExchangeService>

/**
 * Currency exchange between a user's wallets, through the broker's FX house book: the user's
 * `from` cash goes to the house, the house pays `to` cash at the live rate less the spread,
 * rounded down to the target currency's minor unit (funds-amounts.ts `exchangeProceeds`).
 */
export function createExchangeService({ db, clock, fx, ledger, selfFrozen }: ExchangeDeps) {
  return {
    rates(): ExchangeRate[] {
      return fx.all()
    },

    async exchange(
      user: Pick<SessionUser, 'userId' | 'tradingBarred'>,
      input: { from: Currency; to: Currency; money: string; idem: string },
    ): Promise<ExchangeResult> {
      const { userId } = user
      if (input.from === input.to) throw new Refusal('same_currency')
      const amount = parseAmount(input.money, input.from)
      if (amount === 'amount_invalid') throw new Refusal('amount_invalid')
      const body = { from: input.from, to: input.to, amount: String(amount) }
      return idempotent(db, { userId, scope: 'exchange', idem: input.idem, body }, async (trx) => {
        // Inside, so a retry of an exchange that went through still gets its first answer.
        await refuseIfHeld(selfFrozen, trx, user, 'exchange')
        // The rate is read inside the command, so a retry returns the first result, not a new rate.
        const quote = fx.quote(input.from, input.to)
        const got = exchangeProceeds(amount, quote.rate, quote.spread, input.to)
        if (got <= 0n) throw new Refusal('amount_below_minimum')
        const now = clock.now()
        const orderNo = newOrderNo('FX', now)
        const row = await trx
          .insertInto('exchanges')
          .values({
            user_id: userId,
            order_no: orderNo,
            from_currency: input.from,
            to_currency: input.to,
            amount,
            got,
            rate: quote.rate,
            spread: quote.spread,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        await ledger.post(trx, {
          kind: 'fx',
          userId,
          orderNo,
          postings: [
            { account: { user: userId, book: 'available', currency: input.from }, amount: -amount },
            { account: { house: 'fx', currency: input.from }, amount },
            { account: { house: 'fx', currency: input.to }, amount: -got },
            { account: { user: userId, book: 'available', currency: input.to }, amount: got },
          ],
        })
        return { id: String(row.id), got: formatUnits(got) }
      })
    },
  }
}
