import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { parseUnits } from '@kabu/shared/money/decimal'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { TestApp } from '../support/app'
import { expectLedgerConsistent } from '../support/invariants'
import { session, brokerApi } from '../support/broker'
import { approve, idem, readyUser, reject, startFundsApp, wallets } from './funds.support'
import { credit } from './trading.support'
import { ledgerExport, withdraw } from './trust.support'

/**
 * A property of the ledger export: for random ledger activity on a wallet (deposits, withdrawals
 * frozen, paid or released, exchanges out of and into it), every row's running balance is the one
 * before plus its amount, and the last one is the wallet's balance (available + frozen), in each
 * currency the activity touched.
 */

const RUNS = Number(process.env.TRUST_EXPORT_RUNS ?? 20)
/** Signed decimal text to units (parseUnits takes amounts, which are never negative). */
const units = (text: string | undefined) => {
  const t = text ?? '0'
  const abs = parseUnits(t.replace(/^-/, ''))
  if (abs === null) throw new Error(`not an amount: ${t}`)
  return t.startsWith('-') ? -abs : abs
}

type Step =
  | { op: 'deposit'; yen: number }
  | { op: 'withdraw'; yen: number }
  | { op: 'approve' }
  | { op: 'reject' }
  | { op: 'exchange'; yen: number }
  | { op: 'back'; cents: number }

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('deposit' as const), yen: fc.integer({ min: 1, max: 500_000 }) }),
  fc.record({
    op: fc.constant('withdraw' as const),
    yen: fc.integer({ min: 10_000, max: 200_000 }),
  }),
  fc.record({ op: fc.constant('approve' as const) }),
  fc.record({ op: fc.constant('reject' as const) }),
  fc.record({ op: fc.constant('exchange' as const), yen: fc.integer({ min: 100, max: 100_000 }) }),
  fc.record({ op: fc.constant('back' as const), cents: fc.integer({ min: 1, max: 50_000 }) }),
)

let t: TestApp
let n = 0
beforeAll(async () => {
  t = await startFundsApp()
})
afterAll(() => t.stop())

async function play(grant: SessionGrant, card: string, steps: Step[]) {
  const pending: string[] = []
  for (const s of steps) {
    if (s.op === 'deposit') await credit(t, grant.account, 'JPY', String(s.yen))
    if (s.op === 'withdraw') {
      const answer = await withdraw(t, grant, card, { money: String(s.yen) })
      if (answer.status === 1) pending.push((answer.data as { id: string }).id)
      else expect(answer.msg).toBe('insufficient_balance')
    }
    if ((s.op === 'approve' || s.op === 'reject') && pending.length > 0) {
      const id = pending.shift()!
      const decided =
        s.op === 'approve' ? await approve(t, 'withdraw', id) : await reject(t, 'withdraw', id, 'x')
      expect(decided.status).toBe(1)
    }
    if (s.op === 'exchange' || s.op === 'back') {
      const [from, to, money] =
        s.op === 'exchange'
          ? ['JPY', 'USD', String(s.yen)]
          : ['USD', 'JPY', (s.cents / 100).toFixed(2)]
      const answer = await brokerApi(
        t.url,
        '/user/exchange',
        { from, to, money, idem: idem() },
        session(grant),
      )
      if (answer.status !== 1)
        expect(answer.msg).toMatch(/^(insufficient_balance|amount_below_minimum|amount_invalid)$/)
    }
  }
}

it('the CSV’s running balance adds up line by line and ends at the wallet', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
      const { grant, card } = await readyUser(t, `tx${Date.now() % 100000}${n++}`)
      await play(grant, card, steps)
      const w = await wallets(t, grant)
      for (const currency of ['JPY', 'USD'] as const) {
        const csv = await ledgerExport(t, grant, { currency })
        let running = 0n
        for (const line of csv.lines) {
          expect(line[5]).toBe(currency)
          running += units(line[6])
          expect(units(line[7])).toBe(running)
        }
        const wallet = units(w[currency]?.available) + units(w[currency]?.frozen)
        expect(running).toBe(wallet)
      }
    }),
    { numRuns: RUNS },
  )
  await expectLedgerConsistent(t.app.db)
}, 600_000)
