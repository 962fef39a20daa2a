import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  FREEZE_COVERS,
  SELF_FROZEN_KEYS,
  type HeldCommand,
  type MoneyCommand,
} from '@kabu/shared/api/freeze-covers'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { TestApp } from '../support/app'
import { FUND_PASSWORD } from '../support/identity'
import { expectLedgerConsistent } from '../support/invariants'
import { session, brokerApi } from '../support/broker'
import { idem, ops, recharge, BANK_DAY_10AM } from './funds.support'
import { buy, sell, TOYOTA } from './trading.support'
import {
  fundedUser,
  panel,
  selfFreeze,
  selfUnfreeze,
  withdraw,
  startTrustApp,
} from './trust.support'
import { softAuthenticator } from '../support/soft-authenticator'
import { asPage, confirmation, registerPasskey } from './passkeys.support'
import { borrower, repay } from './loan.support'
import { restingLimit } from './trading.support'
import { formOf } from './freeze-covers.support'

/**
 * The trust panel's self-freeze (the user's own freeze of withdrawals, trading or both), against a
 * real gateway.
 */

const HOUR = 3_600_000
let t: TestApp
let n = 0
const account = () => `tf${Date.now() % 100000}${n++}`

beforeAll(async () => {
  t = await startTrustApp()
})
afterAll(() => t.stop())
afterEach(async () => {
  t.app.clock.set(BANK_DAY_10AM)
  await expectLedgerConsistent(t.app.db)
})

const funded = (money: string) => fundedUser(t, account(), money)

describe('the self-freeze', () => {
  it('needs the fund password and a known scope', async () => {
    const { grant, card } = await funded('50000')
    expect((await selfFreeze(t, grant, 'withdraw', '000000')).msg).toBe('wrong_fund_password')
    expect((await selfFreeze(t, grant, 'everything')).msg).toBe('invalid_input')
    expect((await panel(t, grant)).self_freeze).toMatchObject({ withdraw: null, trading: null })
    expect((await withdraw(t, grant, card)).msg).toBe('submit_ok')
  })

  it('of withdrawals refuses them, leaves trading, and lifts only after the cooling-off', async () => {
    const { grant, card } = await funded('100000')
    const asked = t.app.clock.now()
    const frozen = await selfFreeze(t, grant, 'withdraw')
    expect(frozen).toMatchObject({ status: 1, msg: 'submit_ok' })
    const since = frozen.data!.withdraw!.since
    expect(since).toBeGreaterThanOrEqual(asked)
    expect(frozen.data).toEqual({
      withdraw: { scope: 'withdraw', since, unfreeze_from: since + 24 * HOUR },
      trading: null,
      cooling_hours: 24,
    })
    expect((await withdraw(t, grant, card)).msg).toBe('self_frozen_withdraw')
    expect((await buy(t, grant, { code: TOYOTA })).msg).not.toBe('self_frozen_trading')
    // A second freeze keeps the first time: the cooling-off is not restarted nor shortened.
    t.app.clock.set(since + HOUR)
    expect((await selfFreeze(t, grant, 'withdraw')).data?.withdraw?.since).toBe(since)
    t.app.clock.set(since + 24 * HOUR - 60_000)
    expect((await selfUnfreeze(t, grant, 'withdraw')).msg).toBe('self_freeze_cooling')
    expect((await withdraw(t, grant, card)).msg).toBe('self_frozen_withdraw')
    t.app.clock.set(since + 24 * HOUR)
    expect((await selfUnfreeze(t, grant, 'withdraw', '000000')).msg).toBe('wrong_fund_password')
    t.app.clock.set(BANK_DAY_10AM + 25 * HOUR) // the next bank day, 11:00, inside the window
    const lifted = await selfUnfreeze(t, grant, 'withdraw')
    expect(lifted).toMatchObject({ status: 1, data: { withdraw: null, trading: null } })
    expect((await withdraw(t, grant, card)).msg).toBe('submit_ok')
    expect((await selfUnfreeze(t, grant, 'all')).msg).toBe('self_freeze_none')
    const trail = await t.app.db
      .selectFrom('audit')
      .select('action')
      .where('target', '=', `user:${grant.account}`)
      .orderBy('id')
      .execute()
    expect(trail.map((r) => r.action)).toEqual(['self.freeze', 'self.unfreeze'])
  })

  it('is lifted, for a user with a passkey, only with that passkey too (as money out)', async () => {
    const { grant } = await funded('100000')
    const phone = softAuthenticator()
    expect((await registerPasskey(t, grant, phone)).status).toBe(1)
    const since = (await selfFreeze(t, grant, 'withdraw')).data!.withdraw!.since
    t.app.clock.set(since + 24 * HOUR)
    const lift = (form: Record<string, string>) =>
      brokerApi(
        t.url,
        '/user/selfUnfreeze',
        { what: 'withdraw', fund_password: FUND_PASSWORD, ...form },
        asPage(t, grant),
      )
    expect((await lift({})).msg).toBe('second_factor_required')
    expect((await panel(t, grant)).self_freeze.withdraw).not.toBeNull()
    const lifted = await lift({ passkey: await confirmation(t, grant, phone) })
    expect(lifted).toMatchObject({ status: 1, data: { withdraw: null } })
  })

  it('of trading refuses the user’s buys and sells, and not their withdrawals', async () => {
    const { grant, card } = await funded('2000000')
    const bought = await buy(t, grant, { code: TOYOTA })
    expect(bought.status).toBe(1)
    expect((await selfFreeze(t, grant, 'trading')).status).toBe(1)
    expect((await buy(t, grant, { code: TOYOTA })).msg).toBe('self_frozen_trading')
    const holding = (bought.data as { id: string }).id
    t.app.clock.set(t.app.clock.now() + HOUR)
    expect((await sell(t, grant, { id: holding })).msg).toBe('self_frozen_trading')
    t.app.clock.set(BANK_DAY_10AM)
    expect((await withdraw(t, grant, card)).msg).toBe('submit_ok')
  })

  it('holds every command of the table it covers, and the bar every command of trading', async () => {
    const user = await funded('100000')
    const barred = await funded('100000')
    expect((await ops(t, 'POST', `/users/${barred.grant.account}/bar-trading`)).status).toBe(1)
    const held = Object.keys(FREEZE_COVERS).filter(
      (c): c is HeldCommand => FREEZE_COVERS[c as MoneyCommand].scope !== null,
    )
    const call = (who: typeof user, command: HeldCommand) =>
      brokerApi(
        t.url,
        FREEZE_COVERS[command].path,
        { ...formOf(command, who.card), idem: idem() },
        session(who.grant),
      )
    // Open, each is refused by its own rules (no such holding, offer or order), or goes through.
    for (const command of held) {
      expect((await call(user, command)).msg, command).not.toMatch(/^self_frozen|trading_barred/)
    }
    expect((await selfFreeze(t, user.grant, 'all')).status).toBe(1)
    for (const command of held) {
      const key = SELF_FROZEN_KEYS[FREEZE_COVERS[command].scope]
      expect((await call(user, command)).msg, command).toBe(key)
    }
    for (const command of held) {
      const barredFrom = FREEZE_COVERS[command].scope === 'trading'
      const msg = (await call(barred, command)).msg
      if (barredFrom) expect(msg, command).toBe('trading_barred')
      else expect(msg, command).not.toBe('trading_barred')
    }
  })

  it('holds nothing of settling up: deposits, repayments, trust funds and cancels still go', async () => {
    const name = account()
    const { grant, loanId } = await borrower(t, name, '50000')
    const credit = await buy(t, grant, { leverage: '3' })
    expect(credit.status).toBe(1)
    const resting = await buy(t, grant, { price: formatUnits(restingLimit(t)) })
    expect(resting.status).toBe(1)
    expect((await selfFreeze(t, grant, 'all')).status).toBe(1)
    expect((await ops(t, 'POST', `/users/${name}/bar-trading`)).status).toBe(1)
    const id = (answer: { data?: unknown }) => (answer.data as { id: string }).id
    const answers = {
      deposit: await recharge(t, grant, { money: '10000' }),
      loan_repay: await repay(t, grant, { id: loanId, money: '60000' }),
      credit_trust_funds: await brokerApi(
        t.url,
        FREEZE_COVERS.credit_trust_funds.path,
        { id: id(credit), credit: '1000', idem: idem() },
        session(grant),
      ),
      order_cancel: await brokerApi(
        t.url,
        FREEZE_COVERS.order_cancel.path,
        { id: id(resting) },
        session(grant),
      ),
    }
    for (const [command, answer] of Object.entries(answers)) {
      expect(answer, command).toMatchObject({ status: 1 })
    }
  })

  it('names only calls that exist, and every call that takes an idempotency key but those moving no money', async () => {
    const res = await fetch(`${t.url}/api/docs`)
    const doc = (await res.json()) as {
      paths: Record<string, { post?: { requestBody?: unknown } }>
    }
    const declared = new Set(Object.values(FREEZE_COVERS).map((c) => `/api/vue${c.path}`))
    for (const path of declared) expect(doc.paths[path], path).toBeDefined()
    // A money command is idempotent on `idem` (docs/ARCHITECTURE.md): one not in the table would
    // be held by nothing.
    const withIdem = Object.entries(doc.paths)
      .filter(([, item]) => JSON.stringify(item.post?.requestBody ?? {}).includes('"idem"'))
      .map(([path]) => path)
    // A support message and a price alert are idempotent too, so that a retry does not send or
    // create twice; neither moves money, so no hold stands in their way.
    expect(withIdem.filter((path) => !declared.has(path)).sort()).toEqual([
      '/api/vue/user/alertAdd',
      '/api/vue/user/supportSend',
    ])
  })

  it('of all covers both, and a retry of a withdrawal made before it gets its first answer', async () => {
    const { grant, card } = await funded('100000')
    const key = 'before-the-freeze'
    const first = await withdraw(t, grant, card, { idem: key })
    expect(first.status).toBe(1)
    expect((await selfFreeze(t, grant, 'all')).data).toMatchObject({
      withdraw: { scope: 'withdraw' },
      trading: { scope: 'trading' },
    })
    expect(await withdraw(t, grant, card, { idem: key })).toMatchObject({
      status: 1,
      data: first.data,
    })
    expect((await withdraw(t, grant, card)).msg).toBe('self_frozen_withdraw')
    expect((await buy(t, grant, { code: TOYOTA })).msg).toBe('self_frozen_trading')
  })
})
