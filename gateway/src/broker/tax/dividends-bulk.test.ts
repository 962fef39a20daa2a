// A dividend's netting over more holders than one statement binds (dividends.sql.ts): their
// rows rewritten and their events inserted in bulk, each holder by their own account and year.
// The rules of one holder are in tests/api/tax.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { taxOn } from '@kabu/shared/tax/withholding'
import type { Kysely } from 'kysely'
import { freshDatabase } from '../../../../tests/support/db'
import { createClock } from '../../clock'
import { createFxSource } from '../../market/fx'
import type { Database } from '../../store/index'
import { createLedger } from '../ledger/index'
import { createTaxBook } from './book'

const HOLDERS = 3_000
const YEN = 10_000n
const GROSS = 4_550n * YEN
const ACTION = 'dividend:7203:bulk'

let f: { db: Kysely<Database>; close: () => Promise<void> }
let users: bigint[] = []

beforeAll(async () => {
  const database = await freshDatabase({ migrated: true })
  const store = database.openStore()
  f = {
    db: store.db,
    close: async () => {
      await store.close()
      await database.drop()
    },
  }
  for (let first = 0; first < HOLDERS; first += 1_000) {
    const rows = await f.db
      .insertInto('users')
      .values(
        Array.from({ length: 1_000 }, (_, i) => ({
          account: `div${first + i}x${process.pid}`,
          password_hash: 'not-a-login',
          invite_code: `D${first + i}X${process.pid}`,
          created_at: 1,
        })),
      )
      .returning('id')
      .execute()
    users.push(...rows.map((r) => r.id))
  }
  users = users.sort((a, b) => (a < b ? -1 : 1))
  const recorded = taxOn(GROSS)
  for (let first = 0; first < HOLDERS; first += 1_000) {
    await f.db
      .insertInto('dividends')
      .values(
        users.slice(first, first + 1_000).map((user) => ({
          action: ACTION,
          user_id: user,
          side: 'long' as const,
          code: '7203',
          market: 'jp',
          currency: 'JPY',
          record_date: '2026-03-31',
          pay_date: '2026-06-01',
          shares: 100n,
          cash_per_share: 455_000n,
          gross: GROSS,
          withheld_foreign: 0n,
          withheld_national: recorded.national,
          withheld_local: recorded.local,
          net: GROSS - recorded.national - recorded.local,
          account: 'tokutei_withholding' as const,
          status: 'expected' as const,
          created_at: 1n,
        })),
      )
      .execute()
  }
})
afterAll(() => f.close())

const event = (user: bigint) => ({
  user_id: user,
  year: 2026,
  kind: 'sale' as const,
  at: 1n,
  trade_date: '2026-02-01',
  code: '6758',
  currency: 'JPY',
  account: 'tokutei_withholding',
  shares: 100n,
  gross: 0n,
  foreign_tax: 0n,
  fees: 0n,
  cost: 0n,
  gain: 0n,
  national: 0n,
  local: 0n,
  year_net: 0n,
  year_national: 0n,
  year_local: 0n,
  basis_drift: 0n,
  sale_tx_id: null,
  tax_tx_id: null,
})

describe(`a dividend's netting in bulk (${process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  it('nets every holder by their own year and account, all 3,000 rows and events', async () => {
    const [lossy, filer, last] = [users[0]!, users[1_500]!, users[HOLDERS - 1]!]
    // One holder's year stands at a loss of ¥3,000: only ¥1,550 of the dividend is taxed.
    await f.db
      .insertInto('tax_events')
      .values({ ...event(lossy), gain: -3_000n * YEN, year_net: -3_000n * YEN })
      .execute()
    // One files (特定口座 源泉徴収なし): withheld at source as recorded, outside the netting.
    await f.db
      .insertInto('tax_accounts')
      .values({ user_id: filer, kind: 'tokutei', chosen_at: 1 })
      .execute()
    const paymentTx = 77n
    await f.db.transaction().execute(async (trx) => {
      const clock = createClock()
      const record = await createTaxBook({
        ledger: createLedger({ clock }),
        fx: createFxSource({ clock, seed: 1, spread: '0' }),
      }).dividendsDue(trx, ACTION, 2)
      await record(paymentTx)
    })
    const rows = await f.db
      .selectFrom('dividends')
      .select(['user_id', 'withheld_national', 'withheld_local', 'net'])
      .where('action', '=', ACTION)
      .execute()
    const byUser = new Map(rows.map((r) => [r.user_id, r]))
    const full = taxOn(GROSS)
    const partial = taxOn(1_550n * YEN)
    expect(byUser.get(lossy)).toMatchObject({
      withheld_national: partial.national,
      withheld_local: partial.local,
      net: GROSS - partial.national - partial.local,
    })
    for (const user of [filer, last]) {
      expect(byUser.get(user)).toMatchObject({
        withheld_national: full.national,
        withheld_local: full.local,
      })
    }
    const events = await f.db
      .selectFrom('tax_events')
      .select(['user_id', 'account', 'national', 'year_net', 'sale_tx_id'])
      .where('kind', '=', 'dividend')
      .orderBy('id')
      .execute()
    expect(events).toHaveLength(HOLDERS)
    expect(events.every((e) => e.sale_tx_id === paymentTx)).toBe(true)
    const eventOf = new Map(events.map((e) => [e.user_id, e]))
    expect(eventOf.get(lossy)).toMatchObject({ national: partial.national, year_net: 1_550n * YEN })
    expect(eventOf.get(filer)).toMatchObject({ account: 'tokutei', year_net: 0n })
    expect(eventOf.get(last)).toMatchObject({ national: full.national, year_net: GROSS })
  })
})
