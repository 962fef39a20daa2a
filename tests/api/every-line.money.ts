import type { WireCreditRequest } from '@kabu/shared/api/credit'
import type { DepositRecord, WithdrawalRecord } from '@kabu/shared/api/funds'
import type { LoanRecord } from '@kabu/shared/api/loans'
import { holdingRows, type ClosedHoldingList, type WireHolding } from '@kabu/shared/api/trade'
import { formatUnits } from '@kabu/shared/money/decimal'
import { creditJobsAt } from '../support/credit-jobs'
import { FUND_PASSWORD } from '../support/identity'
import { session, brokerApi } from '../support/broker'
import { LOT } from './every-line.commands'
import { at, openRows, post, units, type Handlers } from './every-line.support'
import { approve, ops, recharge, reject, voucher } from './funds.support'
import { decideLoan, loanList, repay, requestLoan } from './loan.support'
import { buy, idem, priceNear, TOYOTA } from './trading.support'
import { printAt } from '../support/prints'

/**
 * The every-line property's commands on the cash lines: stocks, stock credit (and the credit
 * job, also against a market that fell), loans, deposits and withdrawals.
 */
export const moneyCommands: Handlers<
  | 'buy'
  | 'sell'
  | 'cancel'
  | 'price'
  | 'creditBuy'
  | 'trust'
  | 'trustReview'
  | 'creditJob'
  | 'shock'
  | 'borrow'
  | 'loanReview'
  | 'repay'
  | 'deposit'
  | 'depositReview'
  | 'withdraw'
  | 'withdrawReview'
> = {
  // Stocks.
  async buy({ t, grants }, c) {
    const price: Record<string, string> =
      c.limit === null ? {} : { price: formatUnits(priceNear(t, TOYOTA, c.limit)) }
    return buy(t, grants[c.user]!, { num: String(c.lots * LOT), ...price })
  },
  async sell(w, c) {
    const { t } = w
    const h = at(
      (await openRows(w, c.user)).filter((r) => r.status === 0),
      c.pick,
    )
    if (!h) return 'nothing'
    const num = c.part && h.stock_num > LOT ? LOT : h.stock_num
    const price: Record<string, string> =
      c.limit === null || h.code !== TOYOTA
        ? {}
        : { price: formatUnits(priceNear(t, TOYOTA, c.limit)) }
    return brokerApi(
      t.url,
      '/trade/sell',
      { id: h.id, num: String(num), idem: idem(), ...price },
      session(w.grants[c.user]!),
    )
  },
  async cancel(w, c) {
    const h = at(
      (await openRows(w, c.user)).filter((r: WireHolding) => r.status !== 0),
      c.pick,
    )
    if (!h) return 'nothing'
    return brokerApi(w.t.url, '/trade/cancel', { id: h.id }, session(w.grants[c.user]!))
  },
  async price({ t }, c) {
    // A print at `percent` % of the last price: the resting orders it crosses fill.
    await printAt(t, TOYOTA, Number(priceNear(t, TOYOTA, c.percent)) / 10_000)
    return { http: 200, status: 1 }
  },
  // Stock credit.
  creditBuy: ({ t, grants }, c) =>
    buy(t, grants[c.user]!, { num: String(c.lots * LOT), leverage: String(c.leverage) }),
  async trust(w, c) {
    // An open credit holding, or an ended one whose sale left part of its debt owed.
    const ended = await post<ClosedHoldingList>(w, c.user, '/trade/userstocklists', { type: 'jpy' })
    const owing = [...(await openRows(w, c.user)), ...holdingRows(ended)].filter(
      (r) => r.credit && units(r.credit.debt) > 0n,
    )
    const h = at(owing, c.pick)
    if (!h) return 'nothing'
    const form = { id: h.id, credit: String(c.yen), idem: idem() }
    return brokerApi(w.t.url, '/trade/ustocks', form, session(w.grants[c.user]!))
  },
  async trustReview(w, c) {
    const rows = await post<WireCreditRequest[]>(w, c.user, '/trade/ustockslist', { type: 'jpy' })
    const pending = rows.find((r) => r.status === 0)
    if (!pending) return 'nothing'
    return c.approve
      ? ops(w.t, 'POST', `/reviews/credit/${pending.id}/approve`, {})
      : ops(w.t, 'POST', `/reviews/credit/${pending.id}/reject`, { reason: 'declined' })
  },
  async creditJob({ t }) {
    await t.app.broker.trading.creditJobs.runOnce()
    return { http: 200, status: 1 }
  },
  async shock({ t }, c) {
    // The credit job as the app builds it, reading a market `percent` % of the real one: a
    // fall calls, an unmet call past its deadline liquidates (the loan repaid first).
    const jobs = creditJobsAt(t.app, (quote) => (quote.price * c.percent) / 100)
    await jobs.runOnce()
    return { http: 200, status: 1 }
  },
  // Loans.
  borrow: ({ t, grants }, c) =>
    requestLoan(t, grants[c.user]!, { money: String(c.tenThousands * 10_000) }),
  async loanReview({ t, grants }, c) {
    const pending = (await loanList(t, grants[c.user]!)).find((r) => r.status === 0)
    if (!pending) return 'nothing'
    return decideLoan(t, pending.id, c.approve ? undefined : 'income_unconfirmed')
  },
  async repay({ t, grants }, c) {
    const g = grants[c.user]!
    const owed = (await loanList(t, g)).find((r: LoanRecord) => r.status === 1)
    if (!owed) return 'nothing'
    return repay(t, g, { id: owed.id, money: owed.owed })
  },
  // Deposits and withdrawals.
  async deposit({ t, grants }, c) {
    const g = grants[c.user]!
    return recharge(t, g, {
      money: String(c.tenThousands * 10_000),
      voucher: await voucher(t, g),
    })
  },
  async depositReview(w, c) {
    const rows = await post<DepositRecord[]>(w, c.user, '/user/rechargelist', { type: 'jpy' })
    const pending = rows.find((r) => r.status === 0)
    if (!pending) return 'nothing'
    return c.approve
      ? approve(w.t, 'deposit', pending.id)
      : reject(w.t, 'deposit', pending.id, 'no transfer found')
  },
  withdraw: ({ t, grants, cards }, c) =>
    brokerApi(
      t.url,
      '/user/withdraw',
      {
        type: 'jpy',
        money: String(c.tenThousands * 10_000),
        bank_id: cards[c.user]!,
        fund_password: FUND_PASSWORD,
        idem: idem(),
      },
      session(grants[c.user]!),
    ),
  async withdrawReview(w, c) {
    const rows = await post<WithdrawalRecord[]>(w, c.user, '/user/withdrawallist', { type: 'jpy' })
    const pending = rows.find((r) => r.status === 0)
    if (!pending) return 'nothing'
    return c.approve
      ? approve(w.t, 'withdraw', pending.id)
      : reject(w.t, 'withdraw', pending.id, 'name mismatch')
  },
}
