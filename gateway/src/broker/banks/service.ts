import type { Kysely } from 'kysely'
import { maskAccountNumber, type BankCard } from '@kabu/shared/api/banks'
import type { Clock } from '../../clock'
import type { SessionUser } from '../common/session-user'
import { isUniqueViolation, lockUser, type Database } from '../../store/index'
import { requireVerified, type IdentityChecks } from '../common/identity-checks'
import { Refusal } from '../common/refusal'
import type { SecondFactorProof } from '../common/second-factor'

/** The user's own live card `id`, masked, as a withdrawal shows and pays it; else undefined. */
export async function bankCardOf(
  db: Kysely<Database>,
  userId: bigint,
  id: bigint,
): Promise<
  { id: bigint; bank_name: string; branch_name: string; card_number_masked: string } | undefined
> {
  const card = await db
    .selectFrom('bank_cards')
    .select(['id', 'bank_name', 'branch_name', 'account_number'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  return card
    ? {
        id: card.id,
        bank_name: card.bank_name,
        branch_name: card.branch_name,
        card_number_masked: maskAccountNumber(card.account_number),
      }
    : undefined
}

export interface BankDeps {
  db: Kysely<Database>
  clock: Clock
  checks: Pick<IdentityChecks, 'identityStatus' | 'verifyFundPassword' | 'verifySecondFactor'>
  /** Live cards one user may bind (BANK_CARDS_MAX). */
  maxCards: number
}

export type BankService = ReturnType<typeof createBankService>

export type NewCard = Omit<BankCard, 'id' | 'card_number_masked'> & { card_number: string }

/**
 * Bank cards a user withdraws to. Binding one needs verified identity and the fund password (and
 * the passkey or TOTP code, once the user enrolled one), and so does unbinding; the same account cannot be bound twice, nor more than `maxCards` at once.
 * Account numbers leave masked.
 */
export function createBankService({ db, clock, checks, maxCards }: BankDeps) {
  return {
    async list(user: SessionUser): Promise<BankCard[]> {
      const cards = await db
        .selectFrom('bank_cards')
        .selectAll()
        .where('user_id', '=', user.userId)
        .where('deleted_at', 'is', null)
        .orderBy('id', 'asc')
        .execute()
      return cards.map((c) => ({
        id: Number(c.id),
        holder: c.holder,
        bank_name: c.bank_name,
        bank_code: c.bank_code,
        branch_name: c.branch_name,
        branch_code: c.branch_code,
        account_type: c.account_type,
        card_number_masked: maskAccountNumber(c.account_number),
      }))
    },

    async add(
      user: SessionUser,
      card: NewCard,
      fundPassword: string | undefined,
      proof: SecondFactorProof,
    ) {
      requireVerified(await checks.identityStatus(db, user.userId))
      await checks.verifyFundPassword(db, user.userId, fundPassword)
      await checks.verifySecondFactor(user.userId, proof)
      try {
        return await db.transaction().execute(async (trx) => {
          // Binds queue on the user's row, so two at once cannot both see room for one more card.
          await lockUser(trx, user.userId)
          const live = await trx
            .selectFrom('bank_cards')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', user.userId)
            .where('deleted_at', 'is', null)
            .executeTakeFirstOrThrow()
          if (Number(live.n) >= maxCards) throw new Refusal('bank_cards_limit')
          const row = await trx
            .insertInto('bank_cards')
            .values({
              user_id: user.userId,
              holder: card.holder,
              bank_name: card.bank_name,
              bank_code: card.bank_code,
              branch_name: card.branch_name,
              branch_code: card.branch_code,
              account_type: card.account_type,
              account_number: card.card_number,
              created_at: clock.now(),
            })
            .returning('id')
            .executeTakeFirstOrThrow()
          return { id: Number(row.id) }
        })
      } catch (error) {
        if (isUniqueViolation(error)) throw new Refusal('card_exists')
        throw error
      }
    },

    async remove(
      user: SessionUser,
      id: bigint,
      fundPassword: string | undefined,
      proof: SecondFactorProof,
    ): Promise<void> {
      // Whose card it is first: a card not the user's is not found, whatever else the form holds.
      const card = await db
        .selectFrom('bank_cards')
        .select('id')
        .where('id', '=', id)
        .where('user_id', '=', user.userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst()
      if (!card) throw new Refusal('card_not_found')
      await checks.verifyFundPassword(db, user.userId, fundPassword)
      await checks.verifySecondFactor(user.userId, proof)
      const result = await db
        .updateTable('bank_cards')
        .set({ deleted_at: clock.now() })
        .where('id', '=', id)
        .where('user_id', '=', user.userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst()
      if (result.numUpdatedRows !== 1n) throw new Refusal('card_not_found')
    },
  }
}
