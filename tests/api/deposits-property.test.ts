import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { DepositRecord, ExchangeResult, WithdrawalRecord } from '@kabu/shared/api/funds'
import { parseUnits } from '@kabu/shared/money/decimal'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { TestApp } from '../support/app'
import { FUND_PASSWORD } from '../support/identity'
import { expectLedgerConsistent } from '../support/invariants'
import { session, brokerApi, brokerData } from '../support/broker'
import { approve, idem, readyUser, reject, startFundsApp, voucher, wallets } from './funds.support'

/**
 * A fast-check command test: random sequences of deposits, reviews, exchanges and withdrawals
 * across three users, against a real gateway. After every step the ledger's invariants must hold
 * and each wallet must show what a plain model of the rules predicts.
 */

const RUNS = Number(process.env.FUNDS_PROPERTY_RUNS ?? 200)
const USERS = 3

interface Client {
  grant: SessionGrant
  card: string
  voucher: string
}

interface UserModel {
  /** Units (1/10,000) per wallet. */
  jpy: bigint
  usd: bigint
  frozen: bigint
  pendingDeposit: string | null
  pendingWithdrawals: string[]
}

type Model = UserModel[]
interface Real {
  t: TestApp
  clients: Client[]
}

let t: TestApp
const clients: Client[] = []
const units = (text: string | undefined) => parseUnits(text ?? '0') ?? 0n

beforeAll(async () => {
  t = await startFundsApp()
  for (let i = 0; i < USERS; i++) {
    const { grant, card } = await readyUser(t, `prop${i}x${Date.now() % 10000}`)
    clients.push({ grant, card, voucher: await voucher(t, grant) })
  }
}, 60_000)
afterAll(() => t.stop())

async function observe(client: Client): Promise<UserModel> {
  const w = await wallets(t, client.grant)
  const deposits = await brokerData<DepositRecord[]>(
    t.url,
    '/user/rechargelist',
    { type: 'jpy' },
    session(client.grant),
  )
  const withdrawals = await brokerData<WithdrawalRecord[]>(
    t.url,
    '/user/withdrawallist',
    { type: 'jpy' },
    session(client.grant),
  )
  return {
    jpy: units(w.JPY?.available),
    usd: units(w.USD?.available),
    frozen: units(w.JPY?.frozen),
    pendingDeposit: deposits.find((d) => d.status === 0)?.id ?? null,
    pendingWithdrawals: withdrawals.filter((d) => d.status === 0).map((d) => d.id),
  }
}

/** After every command: the ledger is sound and the user's wallets are what the model says. */
async function settle(model: Model, real: Real, user: number): Promise<void> {
  await expectLedgerConsistent(real.t.app.db)
  const seen = await observe(real.clients[user]!)
  const m = model[user]!
  expect({ jpy: seen.jpy, usd: seen.usd, frozen: seen.frozen }).toEqual({
    jpy: m.jpy,
    usd: m.usd,
    frozen: m.frozen,
  })
}

class Deposit implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly user: number,
    readonly amount: number,
  ) {}
  check = () => true
  async run(model: Model, real: Real) {
    const c = real.clients[this.user]!
    const form = {
      type: 'jpy',
      channel: 'bank_transfer',
      money: String(this.amount),
      voucher: c.voucher,
      idem: idem(),
    }
    const answer = await brokerApi(real.t.url, '/user/recharge', form, session(c.grant))
    const m = model[this.user]!
    if (m.pendingDeposit) expect(answer.msg).toBe('deposit_pending')
    else {
      expect(answer.status).toBe(1)
      m.pendingDeposit = (answer.data as { id: string }).id
    }
    await settle(model, real, this.user)
  }
  toString = () => `deposit(${this.user}, ${this.amount})`
}

class ReviewDeposit implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly user: number,
    readonly accept: boolean,
  ) {}
  check = (model: Readonly<Model>) => model[this.user]!.pendingDeposit !== null
  async run(model: Model, real: Real) {
    const m = model[this.user]!
    const id = m.pendingDeposit!
    const answer = this.accept
      ? await approve(real.t, 'deposit', id)
      : await reject(real.t, 'deposit', id, 'no transfer')
    expect(answer.status).toBe(1)
    if (this.accept) {
      const rows = await brokerData<DepositRecord[]>(
        real.t.url,
        '/user/rechargelist',
        { type: 'jpy' },
        session(real.clients[this.user]!.grant),
      )
      m.jpy += units(rows.find((r) => r.id === id)?.money)
    }
    m.pendingDeposit = null
    await settle(model, real, this.user)
  }
  toString = () => `${this.accept ? 'approve' : 'reject'}Deposit(${this.user})`
}

class Exchange implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly user: number,
    readonly toUsd: boolean,
    readonly amount: number,
  ) {}
  check = () => true
  async run(model: Model, real: Real) {
    const c = real.clients[this.user]!
    const m = model[this.user]!
    // Yen in whole yen; dollars in cents.
    const money = this.toUsd ? String(this.amount) : (this.amount / 100).toFixed(2)
    const form = {
      from: this.toUsd ? 'JPY' : 'USD',
      to: this.toUsd ? 'USD' : 'JPY',
      money,
      idem: idem(),
    }
    const answer = await brokerApi(real.t.url, '/user/exchange', form, session(c.grant))
    const paid = units(money)
    const have = this.toUsd ? m.jpy : m.usd
    if (paid > have) expect(answer.msg).toBe('insufficient_balance')
    else if (answer.status === 1) {
      const got = units((answer.data as ExchangeResult).got)
      expect(got).toBeGreaterThan(0n)
      if (this.toUsd) [m.jpy, m.usd] = [m.jpy - paid, m.usd + got]
      else [m.usd, m.jpy] = [m.usd - paid, m.jpy + got]
    } else expect(answer.msg).toBe('amount_below_minimum')
    await settle(model, real, this.user)
  }
  toString = () => `exchange(${this.user}, ${this.toUsd ? 'JPY→USD' : 'USD→JPY'}, ${this.amount})`
}

class Withdraw implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly user: number,
    readonly amount: number,
  ) {}
  check = () => true
  async run(model: Model, real: Real) {
    const c = real.clients[this.user]!
    const m = model[this.user]!
    const form = {
      type: 'jpy',
      money: String(this.amount),
      bank_id: c.card,
      fund_password: FUND_PASSWORD,
      idem: idem(),
    }
    const answer = await brokerApi(real.t.url, '/user/withdraw', form, session(c.grant))
    const amount = BigInt(this.amount) * 10_000n
    if (this.amount < 10_000) expect(answer.msg).toBe('amount_below_minimum')
    else if (amount > m.jpy) expect(answer.msg).toBe('insufficient_balance')
    else {
      expect(answer.status).toBe(1)
      m.jpy -= amount
      m.frozen += amount
      m.pendingWithdrawals.push((answer.data as { id: string }).id)
    }
    await settle(model, real, this.user)
  }
  toString = () => `withdraw(${this.user}, ${this.amount})`
}

class ReviewWithdrawal implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly user: number,
    readonly accept: boolean,
  ) {}
  check = (model: Readonly<Model>) => model[this.user]!.pendingWithdrawals.length > 0
  async run(model: Model, real: Real) {
    const m = model[this.user]!
    const id = m.pendingWithdrawals.shift()!
    const rows = await brokerData<WithdrawalRecord[]>(
      real.t.url,
      '/user/withdrawallist',
      { type: 'jpy' },
      session(real.clients[this.user]!.grant),
    )
    const amount = units(rows.find((r) => r.id === id)?.money)
    const answer = this.accept
      ? await approve(real.t, 'withdraw', id)
      : await reject(real.t, 'withdraw', id, 'name mismatch')
    expect(answer.status).toBe(1)
    m.frozen -= amount
    if (!this.accept) m.jpy += amount
    await settle(model, real, this.user)
  }
  toString = () => `${this.accept ? 'approve' : 'reject'}Withdrawal(${this.user})`
}

const user = fc.integer({ min: 0, max: USERS - 1 })
const commands = [
  fc.tuple(user, fc.integer({ min: 1, max: 200_000 })).map(([u, a]) => new Deposit(u, a)),
  fc.tuple(user, fc.boolean()).map(([u, a]) => new ReviewDeposit(u, a)),
  fc
    .tuple(user, fc.boolean(), fc.integer({ min: 1, max: 100_000 }))
    .map(([u, d, a]) => new Exchange(u, d, a)),
  fc.tuple(user, fc.integer({ min: 5_000, max: 150_000 })).map(([u, a]) => new Withdraw(u, a)),
  fc.tuple(user, fc.boolean()).map(([u, a]) => new ReviewWithdrawal(u, a)),
]

it(`keeps every wallet and the ledger consistent over ${RUNS} random runs`, async () => {
  const started = performance.now()
  let steps = 0
  await fc.assert(
    fc.asyncProperty(fc.commands(commands, { maxCommands: 6 }), async (cmds) => {
      steps += [...cmds].length
      const model = await Promise.all(clients.map(observe))
      await fc.asyncModelRun(() => ({ model, real: { t, clients } }), cmds)
    }),
    { numRuns: RUNS },
  )
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.info(
    `funds property (${t.database.kind}): ${RUNS} runs, ${steps} commands in ${seconds} s`,
  )
}, 600_000)
