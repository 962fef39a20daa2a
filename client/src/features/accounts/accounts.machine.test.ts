import type { AccountsAnswer } from '@kabu/shared/api/accounts'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { accountsMachine } from './accounts.machine'

const closed: AccountsAnswer = {
  tax_account: 'tokutei_withholding',
  tax_account_locked: false,
  nisa: {
    opened: null,
    year: 2026,
    growth_used: '0',
    growth_limit: '2400000',
    tsumitate_used: '0',
    tsumitate_limit: '1200000',
    lifetime_used: '0',
    lifetime_limit: '18000000',
    growth_lifetime_used: '0',
    growth_lifetime_limit: '12000000',
    returns_next_year: '0',
    reserved: '0',
    growth_room: '0',
  },
}

/** The machine over a pretend gateway: what it holds, and the calls it was asked. */
function harness(start: AccountsAnswer, refuse?: string) {
  let held = start
  const calls: string[] = []
  const actor = createActor(
    accountsMachine.provide({
      actors: {
        load: fromPromise(() => Promise.resolve(held)),
        openNisa: fromPromise(async ({ input }) => {
          calls.push(`open:${input.fundPassword}`)
          if (refuse) throw { msg: refuse }
          held = { ...held, nisa: { ...held.nisa, opened: '2026-05-01', growth_room: '2400000' } }
        }),
        chooseKind: fromPromise(async ({ input }) => {
          calls.push(`kind:${input.kind}:${input.fundPassword}`)
          held = { ...held, tax_account: input.kind }
        }),
      },
    }),
  ).start()
  return { actor, calls }
}

describe('accounts machine', () => {
  it('opens NISA after its confirmation with the fund password, then shows it reloaded', async () => {
    const { actor, calls } = harness(closed)
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'OPEN_NISA' })
    expect(actor.getSnapshot().hasTag('nisa')).toBe(true)
    actor.send({ type: 'CONFIRM', fundPassword: '135790' })
    await waitFor(actor, (s) => s.matches('ready') && s.context.accounts?.nisa.opened !== null)
    expect(calls).toEqual(['open:135790'])
    // Open already: a second opening is not offered.
    actor.send({ type: 'OPEN_NISA' })
    expect(actor.getSnapshot().matches('ready')).toBe(true)
  })

  it('stays on the confirmation with the refusal key', async () => {
    const { actor } = harness(closed, 'wrong_fund_password')
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'OPEN_NISA' })
    actor.send({ type: 'CONFIRM', fundPassword: '1' })
    await waitFor(actor, (s) => s.context.error !== null)
    expect(actor.getSnapshot().hasTag('nisa')).toBe(true)
    expect(actor.getSnapshot().context.error).toBe('wrong_fund_password')
  })

  it('chooses another taxable kind only while the year has no taxable sale', async () => {
    const { actor, calls } = harness(closed)
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'CHOOSE', kind: 'ippan' })
    actor.send({ type: 'CONFIRM', fundPassword: '135790' })
    await waitFor(actor, (s) => s.matches('ready') && s.context.accounts?.tax_account === 'ippan')
    expect(calls).toEqual(['kind:ippan:135790'])
    const locked = harness({ ...closed, tax_account_locked: true })
    await waitFor(locked.actor, (s) => s.matches('ready'))
    locked.actor.send({ type: 'CHOOSE', kind: 'ippan' })
    expect(locked.actor.getSnapshot().matches('ready')).toBe(true)
  })
})
