import type { BankCard } from '@kabu/shared/api/banks'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { bankListMachine } from './bank.machine'

const card = (id: number): BankCard => ({
  id,
  holder: 'ヤマダ タロウ',
  bank_name: 'みずほ銀行',
  bank_code: '0001',
  branch_name: '東京営業部',
  branch_code: '001',
  account_type: 'ordinary',
  card_number_masked: '***4567',
})

/** A fake server holding cards; unbinding needs fund password 135790. */
function run(initial: BankCard[], options: { failLoad?: boolean } = {}) {
  let cards = [...initial]
  let failLoad = options.failLoad ?? false
  const actor = createActor(
    bankListMachine.provide({
      actors: {
        loadCards: fromPromise(async () => {
          if (failLoad) throw new Error('offline')
          return cards
        }),
        deleteCard: fromPromise(
          async ({ input }: { input: { id: number; fundPassword: string } }) => {
            if (input.fundPassword !== '135790') {
              throw Object.assign(new Error('refused'), { msg: 'wrong_fund_password' })
            }
            cards = cards.filter((c) => c.id !== input.id)
          },
        ),
      },
    }),
  ).start()
  return { actor, heal: () => (failLoad = false) }
}

const settle = (actor: ReturnType<typeof run>['actor']) => waitFor(actor, (s) => !s.hasTag('busy'))

describe('bank cards machine', () => {
  it('shows the empty state when there are no cards', async () => {
    const { actor } = run([])
    expect((await settle(actor)).matches({ shown: 'empty' })).toBe(true)
  })

  it('asks for the fund password, keeps the dialog on a wrong one, unbinds on the right one', async () => {
    const { actor } = run([card(1), card(2)])
    expect((await settle(actor)).matches({ shown: 'list' })).toBe(true)
    actor.send({ type: 'DELETE', card: card(1) })
    expect(actor.getSnapshot().matches({ shown: 'confirming' })).toBe(true)
    actor.send({ type: 'CONFIRM', fundPassword: '000000' })
    const refused = await settle(actor)
    expect(refused.matches({ shown: 'confirming' })).toBe(true)
    expect(refused.context.error).toBe('wrong_fund_password')
    actor.send({ type: 'CONFIRM', fundPassword: '135790' })
    const after = await settle(actor)
    expect(after.matches({ shown: 'list' })).toBe(true)
    expect(after.context.cards.map((c) => c.id)).toEqual([2])
    expect(after.context.selected).toBeNull()
  })

  it('cancels without unbinding, and reaches the empty state after the last card', async () => {
    const { actor } = run([card(7)])
    await settle(actor)
    actor.send({ type: 'DELETE', card: card(7) })
    actor.send({ type: 'CANCEL' })
    expect(actor.getSnapshot().context.cards).toHaveLength(1)
    actor.send({ type: 'DELETE', card: card(7) })
    actor.send({ type: 'CONFIRM', fundPassword: '135790' })
    expect((await settle(actor)).matches({ shown: 'empty' })).toBe(true)
  })

  it('offers a retry when the list cannot be loaded', async () => {
    const { actor, heal } = run([card(1)], { failLoad: true })
    const failed = await settle(actor)
    expect(failed.value).toBe('loadFailed')
    expect(failed.context.error).toBe('network_error')
    heal()
    actor.send({ type: 'RETRY' })
    expect((await settle(actor)).matches({ shown: 'list' })).toBe(true)
  })
})
