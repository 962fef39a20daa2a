import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import sharp from 'sharp'
import { parseUnits } from '@kabu/shared/money/decimal'
import type { Currency } from '@kabu/shared/money/currencies'
import type { SessionUser } from '../broker/common/session-user'
import { Refusal } from '../broker/index'
import type { Database } from '../store/index'
import type { Broker } from './broker'

/** The operator name the demo's own decisions carry in the audit trail. */
export const DEMO_OPERATOR = 'demo-seed'

/** What the demo account finds in its wallets on first start, so a newcomer sees money. */
export const DEMO_OPENING: ReadonlyArray<[Currency, string]> = [
  ['JPY', '1000000'],
  ['USD', '10000'],
  ['CNY', '50000'],
]

/**
 * Ten well-known Tokyo names: the watchlist a newcomer opens. Toyota (7203) is left for the
 * newcomer to add, as the trading journey does.
 */
export const DEMO_WATCHLIST = [
  '6758',
  '9984',
  '8306',
  '6861',
  '8035',
  '9983',
  '6098',
  '7974',
  '8058',
  '9433',
] as const

/** The demo's first trades (one lot each, market orders): cheap enough to leave most cash free. */
export const DEMO_BUYS = ['9432', '9501', '5020'] as const

/** The identity the demo shows as verified (a valid My Number: its check digit is 8). */
const DEMO_IDENTITY = { name: 'デモ 太郎', idnumber: '123456789018', doctype: 'my_number' }

/** The demo's bank card (a simulated account: only ever used for simulated withdrawals). */
const DEMO_CARD = {
  holder: 'デモ タロウ',
  bank_name: 'デモ銀行',
  bank_code: '0999',
  branch_name: '本店営業部',
  branch_code: '100',
  account_type: 'ordinary',
  card_number: '1234567',
} as const

export interface DemoAccountDeps {
  db: Kysely<Database>
  broker: Broker
  logger: Logger
  login: { account: string; password: string; fundPassword: string }
}

/** A plain photo standing in for the demo's ID document (the upload service re-encodes it). */
const documentPhoto = (shade: number) =>
  sharp({
    create: { width: 320, height: 200, channels: 3, background: { r: shade, g: 200, b: 220 } },
  })
    .png()
    .toBuffer()

/**
 * Makes the demo account complete, the way a user would have made it, through the same services
 * and review desk: a fund password, a verified identity, a bank card, approved opening deposits
 * (and their messages), a ten-code watchlist and a few filled buys. Each step runs only while its
 * result is missing, so a restart (or an account someone already used) is left as it is.
 * `trades` needs a running market; it is a step of its own so start() can call it after the market.
 */
export function demoAccount({ db, broker, logger, login }: DemoAccountDeps) {
  async function sessionUser(): Promise<SessionUser> {
    const row = await db
      .selectFrom('users')
      .select(['id', 'account'])
      .where((eb) => eb(eb.fn('lower', ['account']), '=', login.account.toLowerCase()))
      .executeTakeFirstOrThrow()
    // Services read only userId and account of it; no session exists for the seed itself.
    return { userId: row.id, sessionId: 0n, account: row.account, tradingBarred: false }
  }

  async function fundPassword(user: SessionUser): Promise<boolean> {
    const row = await db
      .selectFrom('users')
      .select('fund_password_hash')
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow()
    if (row.fund_password_hash !== null) return false
    await broker.identity.fundPasswords.change(user, {
      login_password: login.password,
      password: login.fundPassword,
    })
    return true
  }

  async function approvePending(kind: 'kyc' | 'deposit', account: string) {
    const queue = broker.reviewDesk.queues.get(kind)
    if (!queue) throw new Error(`no ${kind} queue`)
    for (const row of await queue.list(db, 'pending')) {
      if (row.account !== account) continue
      await broker.reviewDesk.decide(kind, BigInt(row.id), DEMO_OPERATOR, { approve: true })
    }
  }

  async function identity(user: SessionUser): Promise<boolean> {
    const status = await broker.identity.kyc.info(user).then((info) => info.status)
    if (status === 2) return false
    if (status !== 1) {
      const { uploads, kyc } = broker.identity
      const front = await uploads.store(user.userId, 'id_front', await documentPhoto(240))
      const back = await uploads.store(user.userId, 'id_back', await documentPhoto(200))
      await kyc.submit(user, { ...DEMO_IDENTITY, front: front.id, back: back.id })
    }
    await approvePending('kyc', user.account)
    return true
  }

  async function bankCard(user: SessionUser): Promise<boolean> {
    if ((await broker.identity.banks.list(user)).length > 0) return false
    // Nothing here can sign: a demo user who enrolled a passkey or TOTP binds cards themselves.
    const noFactor = { site: { host: '', origin: undefined } }
    const enrolled = await broker.secondFactor.verifySecondFactor(user.userId, noFactor).then(
      () => false,
      () => true,
    )
    if (enrolled) return false
    await broker.identity.banks.add(user, DEMO_CARD, login.fundPassword, noFactor)
    return true
  }

  /** Skipped once the account has any deposit or any ledger line (an older seed's credit). */
  async function openingDeposits(user: SessionUser): Promise<boolean> {
    const deposit = await db
      .selectFrom('deposits')
      .select('id')
      .where('user_id', '=', user.userId)
      .executeTakeFirst()
    const moved = await db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('user_id', '=', user.userId)
      .executeTakeFirst()
    if (deposit || moved) return false
    for (const [currency, amount] of DEMO_OPENING) {
      await broker.funds.deposits.openingRequest(user.userId, currency, parseUnits(amount) ?? 0n)
      await approvePending('deposit', user.account)
    }
    return true
  }

  async function watchlist(user: SessionUser): Promise<boolean> {
    if ((await broker.trading.watchlist.list(user.userId, 'jp')).length > 0) return false
    // Each add goes on top: adding in reverse leaves the list in DEMO_WATCHLIST's order.
    for (const code of [...DEMO_WATCHLIST].reverse()) {
      await broker.trading.watchlist.add(user.userId, code, 'jp')
    }
    return true
  }

  return {
    /** Everything but the trades; returns the steps it did now. */
    async profile(): Promise<string[]> {
      const user = await sessionUser()
      const steps: Array<[string, (u: SessionUser) => Promise<boolean>]> = [
        ['fund_password', fundPassword],
        ['identity', identity],
        ['bank_card', bankCard],
        ['deposits', openingDeposits],
        ['watchlist', watchlist],
      ]
      const done: string[] = []
      for (const [name, step] of steps) if (await step(user)) done.push(name)
      return done
    },

    /**
     * The demo's first buys, at the market, once: skipped when the account ever held a stock.
     * A market that is closed or has no price yet refuses them; the next start tries again.
     */
    async trades(): Promise<number> {
      const user = await sessionUser()
      const held = await db
        .selectFrom('holdings')
        .select('id')
        .where('user_id', '=', user.userId)
        .executeTakeFirst()
      if (held) return 0
      let bought = 0
      for (const code of DEMO_BUYS) {
        try {
          await broker.trading.service.buy(user, {
            type: 'jpy',
            code,
            num: 100,
            price: undefined,
            fundPassword: login.fundPassword,
            idem: `demo-buy-${code}`,
          })
          bought++
        } catch (error) {
          if (!(error instanceof Refusal)) throw error
          logger.warn({ code, refusal: error.key }, 'demo buy refused')
        }
      }
      return bought
    },
  }
}
