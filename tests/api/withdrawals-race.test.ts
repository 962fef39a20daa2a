import { afterAll, beforeAll, expect, it } from 'vitest'
import type { TestApp } from '../support/app'
import { FUND_PASSWORD_MAX_FAILURES } from '../../gateway/src/broker/fund-password/fund-password'
import { FUND_PASSWORD } from '../support/identity'
import { expectLedgerConsistent } from '../support/invariants'
import { session, brokerApi } from '../support/broker'
import { fund, idem, readyUser, startFundsApp, wallets } from './funds.support'

let t: TestApp

// The minimum is lowered to one yen so the race uses the issue's own figures: 60 of 100.
beforeAll(async () => {
  t = await startFundsApp({ WITHDRAW_MIN_JPY: '1' })
})
afterAll(() => t.stop())

it('200 concurrent withdrawals of 60 on a balance of 100: exactly one succeeds', async () => {
  const { grant, card } = await readyUser(t, 'racer001')
  await fund(t, grant, '100')
  const started = performance.now()
  const answers = await Promise.all(
    Array.from({ length: 200 }, () =>
      brokerApi(
        t.url,
        '/user/withdraw',
        { type: 'jpy', money: '60', bank_id: card, fund_password: FUND_PASSWORD, idem: idem() },
        session(grant),
      ),
    ),
  )
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  const succeeded = answers.filter((a) => a.status === 1)
  const refused = answers.filter((a) => a.msg === 'insufficient_balance')
  // Concurrent fund-password tries count against the throttle (five per 15 minutes) until one
  // succeeds, so some of the 200 are turned away before the balance is even read.
  const throttled = answers.filter((a) => a.msg === 'too_frequent')
  console.info(
    `withdraw race (${t.database.kind}): ${succeeded.length} succeeded, ${refused.length} insufficient_balance, ${throttled.length} too_frequent in ${seconds} s`,
  )
  expect(succeeded).toHaveLength(1)
  // How many reach the balance depends on how the tries interleave with the throttle's count:
  // when all 200 are written down before any is counted, the one that succeeds is the only one
  // let through. The race for the balance itself is the next test's.
  expect(refused.length + throttled.length).toBe(199)
  expect((await wallets(t, grant)).JPY).toMatchObject({ available: '40', frozen: '60' })
  const freezes = await t.app.db
    .selectFrom('ledger_transactions')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('kind', '=', 'withdraw_freeze')
    .executeTakeFirstOrThrow()
  expect(Number(freezes.n)).toBe(1)
  await expectLedgerConsistent(t.app.db)
  // 200 fund-password checks are 200 argon2 hashes: seconds of CPU, more beside other suites.
}, 60_000)

it('as many concurrent withdrawals of 60 on 100 as the throttle lets try: one succeeds, the rest find the balance short', async () => {
  const { grant, card } = await readyUser(t, 'racer003')
  await fund(t, grant, '100')
  const answers = await Promise.all(
    Array.from({ length: FUND_PASSWORD_MAX_FAILURES }, () =>
      brokerApi(
        t.url,
        '/user/withdraw',
        { type: 'jpy', money: '60', bank_id: card, fund_password: FUND_PASSWORD, idem: idem() },
        session(grant),
      ),
    ),
  )
  expect(answers.map((a) => a.msg).sort()).toEqual([
    ...Array<string>(FUND_PASSWORD_MAX_FAILURES - 1).fill('insufficient_balance'),
    'submit_ok',
  ])
  expect((await wallets(t, grant)).JPY).toMatchObject({ available: '40', frozen: '60' })
  await expectLedgerConsistent(t.app.db)
}, 60_000)

it('50 concurrent retries with one idempotency key all get the first answer (never too_frequent)', async () => {
  const { grant, card } = await readyUser(t, 'racer002')
  await fund(t, grant, '100')
  const form = {
    type: 'jpy',
    money: '60',
    bank_id: card,
    fund_password: FUND_PASSWORD,
    idem: idem(),
  }
  const answers = await Promise.all(
    Array.from({ length: 50 }, () => brokerApi(t.url, '/user/withdraw', form, session(grant))),
  )
  const first = answers[0]!
  expect(first.status).toBe(1)
  for (const answer of answers)
    expect({ msg: answer.msg, data: answer.data }).toEqual({ msg: first.msg, data: first.data })
  expect((await wallets(t, grant)).JPY).toMatchObject({ available: '40', frozen: '60' })
}, 60_000)
