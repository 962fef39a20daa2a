import type { Kysely } from 'kysely'
import { parseAmount } from '@kabu/shared/api/funds-amounts'
import type { LoanInfo, LoanRecord, LoanStatusCode } from '@kabu/shared/api/loans'
import { accruedInterest } from '@kabu/shared/loans'
import type { Currency } from '@kabu/shared/money/currencies'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { Clock } from '../../clock'
import type { LoanSettings } from '../../config'
import { isUniqueViolation, type Database } from '../../store/index'
import { checkedIdempotent } from '../common/replayable'
import type { Ledger } from '../ledger/index'
import { idempotent } from '../common/idempotency'
import { Refusal } from '../common/refusal'
import { refuseIfHeld, type SelfFrozen } from '../common/self-freeze'
import type { SessionUser } from '../common/session-user'
import { requireVerified } from '../common/identity-checks'
import { readCredit, type IdentityStatusOf } from './credit'
import * as q from './loans.sql'
import { newOrderNo } from '../common/order-no'
import { repayPostings } from './postings'

const DAY_MS = 86_400_000

export interface LoanDeps {
  db: Kysely<Database>
  clock: Clock
  settings: LoanSettings
  ledger: Ledger
  identityStatus: IdentityStatusOf
  /** Refusal: fund_password_not_set | wrong_fund_password | too_frequent. */
  verifyFundPassword(db: Kysely<Database>, userId: bigint, plain: string | undefined): Promise<void>
  /** The user's own freeze of trading covers new loans (a repayment is never held). */
  selfFrozen: SelfFrozen
}

export type LoanService = ReturnType<typeof createLoanService>

type LoanRow = NonNullable<Awaited<ReturnType<typeof q.loanById>>>

/**
 * Credit loans under the published formula: a request within the wallet's limit waits for review
 * (one pending and one owed loan per wallet at most); an approved loan is repaid in full, principal
 * plus simple daily interest, from available cash.
 */
export function createLoanService(deps: LoanDeps) {
  const { db, clock, settings, ledger } = deps

  const interestOf = (row: LoanRow, now: number) =>
    row.decided_at === null
      ? 0n
      : accruedInterest(
          row.amount,
          settings.rateDaily,
          Number(row.decided_at),
          now,
          row.currency as Currency,
        )

  function record(row: LoanRow, now: number): LoanRecord {
    const owed = row.status === q.APPROVED
    const interest = owed ? interestOf(row, now) : (row.interest_paid ?? 0n)
    const decided = row.decided_at === null ? null : Number(row.decided_at)
    return {
      id: String(row.id),
      order_no: row.order_no,
      status: Number(row.status) as LoanStatusCode,
      money: formatUnits(row.amount),
      interest: formatUnits(interest),
      owed: formatUnits(owed ? row.amount + interest : 0n),
      currency: row.currency as Currency,
      created: Number(row.created_at),
      decided,
      due:
        decided !== null && row.status !== q.REJECTED ? decided + settings.termDays * DAY_MS : null,
      repaid: row.repaid_at === null ? null : Number(row.repaid_at),
      reason: row.reason,
    }
  }

  return {
    async info(userId: bigint, currency: Currency): Promise<LoanInfo> {
      const now = clock.now()
      const { record: r, credit } = await readCredit(db, deps, userId, currency, now)
      const owed = await q.openLoan(db, userId, currency, q.APPROVED)
      const pending = await q.openLoan(db, userId, currency, q.PENDING)
      return {
        credit_score: credit.score,
        limit: formatUnits(credit.limit),
        loaned: formatUnits(owed?.amount ?? 0n),
        rate_daily: settings.rateDaily,
        pending: formatUnits(pending?.amount ?? 0n),
        currency,
        term_days: settings.termDays,
        factors: {
          verified: r.verified,
          account_age_days: r.accountAgeDays,
          deposits: formatUnits(r.depositsTotal),
          repaid_on_time: r.repaidOnTime,
          overdue: r.overdue,
        },
      }
    },

    async request(
      user: Pick<SessionUser, 'userId' | 'tradingBarred'>,
      input: { currency: Currency; money: string; idem: string },
    ): Promise<{ id: string }> {
      const { userId } = user
      const amount = parseAmount(input.money, input.currency)
      if (amount === 'amount_invalid') throw new Refusal('amount_invalid')
      const body = { currency: input.currency, amount: String(amount) }
      const key = { userId, scope: 'loan', idem: input.idem, body }
      try {
        return await idempotent(db, key, async (trx) => {
          await refuseIfHeld(deps.selfFrozen, trx, user, 'loan')
          // The rules read inside the transaction, so a decision committed meanwhile counts.
          if (await q.openLoan(trx, userId, input.currency, q.PENDING)) {
            throw new Refusal('loan_pending')
          }
          if (await q.openLoan(trx, userId, input.currency, q.APPROVED)) {
            throw new Refusal('unpaid_loan_exists')
          }
          const now = clock.now()
          const { record: r, credit } = await readCredit(trx, deps, userId, input.currency, now)
          // The formula gives an unverified user no limit; naming the missing step helps more.
          if (!r.verified) requireVerified(await deps.identityStatus(trx, userId))
          if (amount > credit.limit) throw new Refusal('loan_limit_insufficient')
          const orderNo = newOrderNo('LN', now)
          const id = await q.insertLoan(trx, {
            userId,
            orderNo,
            currency: input.currency,
            amount,
            now,
          })
          return { id: String(id) }
        })
      } catch (error) {
        // Two requests at once: the store's one-pending index stopped the second.
        if (isUniqueViolation(error)) throw new Refusal('loan_pending')
        throw error
      }
    },

    async list(userId: bigint, currency: Currency): Promise<LoanRecord[]> {
      const now = clock.now()
      return (await q.userLoans(db, userId, currency)).map((row) => record(row, now))
    },

    async repay(
      userId: bigint,
      input: { id: bigint; money: string; fundPassword: string | undefined; idem: string },
    ): Promise<{ id: string; paid: string; interest: string }> {
      const body = { id: String(input.id), money: input.money }
      const key = { userId, scope: 'repay', idem: input.idem, body }
      let amount = 0n

      const checks = async () => {
        const row = await q.loanOf(db, userId, input.id)
        if (!row || row.status !== q.APPROVED) throw new Refusal('not_found')
        await deps.verifyFundPassword(db, userId, input.fundPassword)
        const parsed = parseAmount(input.money, row.currency as Currency)
        if (parsed === 'amount_invalid') throw new Refusal('amount_invalid')
        amount = parsed
      }

      return checkedIdempotent(db, key, checks, async (trx) => {
        const row = await q.loanOf(trx, userId, input.id)
        if (!row || row.status !== q.APPROVED) throw new Refusal('not_found')
        const now = clock.now()
        const interest = interestOf(row, now)
        const owed = row.amount + interest
        // Full repayment only (spec §8 "repayment less than loan"); an amount above what is owed
        // is the user's ceiling, and only what is owed is taken.
        if (amount < owed) throw new Refusal('repay_less_than_loan')
        const currency = row.currency as Currency
        if ((await ledger.balances(trx, userId, currency)).available < owed) {
          throw new Refusal('insufficient_balance')
        }
        if (!(await q.markRepaid(trx, row.id, interest, now))) throw new Refusal('not_found')
        await ledger.post(trx, {
          kind: 'loan_repay',
          userId,
          orderNo: row.order_no,
          postings: repayPostings(userId, currency, row.amount, interest),
        })
        return { id: String(row.id), paid: formatUnits(owed), interest: formatUnits(interest) }
      })
    },
  }
}
