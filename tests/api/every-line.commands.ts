import fc from 'fast-check'

/**
 * The every-line property's commands (see every-line-property.test.ts): one arbitrary per
 * command, weighted so each product line comes up often enough to succeed, and the opening every
 * history starts with.
 */

export const USERS = 3
export const LOT = 100

const user = fc.nat(USERS - 1)
const pick = fc.nat(99)
const percent = fc.integer({ min: 96, max: 104 })
const w = <T>(weight: number, arbitrary: fc.Arbitrary<T>) => ({ weight, arbitrary })
/** A command's arbitrary: `op` and its fields. */
const cmd = <K extends string, R extends object>(
  op: K,
  fields: { [P in keyof R]: fc.Arbitrary<R[P]> },
): fc.Arbitrary<{ op: K } & R> =>
  fc
    .record({ op: fc.constant(op), ...fields } as { [P in keyof R]: fc.Arbitrary<R[P]> })
    .map((r) => ({ ...(r as R), op }))

/** The operator's new offers: every history opens with one of each, so users have something to buy. */
const ipoOfferArb = cmd('ipoOffer', { lots: fc.integer({ min: 1, max: 6 }) })
const blockOfferArb = cmd('blockOffer', {
  lots: fc.integer({ min: 1, max: 6 }),
  max: fc.integer({ min: 1, max: 6 }),
})
const productNewArb = cmd('productNew', {
  lockDays: fc.nat(1),
  days: fc.integer({ min: 2, max: 6 }),
})

const subscribeArb = cmd('subscribe', { user, offer: pick, lots: fc.integer({ min: 1, max: 3 }) })
const blockBuyArb = cmd('blockBuy', { user, pick, lots: fc.integer({ min: 1, max: 4 }) })
const dtApplyArb = cmd('dtApply', { user, tenThousands: fc.integer({ min: 30, max: 300 }) })

export const commandArb = fc.oneof(
  // Stocks.
  w(
    4,
    cmd('buy', {
      user,
      lots: fc.integer({ min: 1, max: 3 }),
      limit: fc.option(percent, { nil: null }),
    }),
  ),
  w(3, cmd('sell', { user, pick, part: fc.boolean(), limit: fc.option(percent, { nil: null }) })),
  w(1, cmd('cancel', { user, pick })),
  w(2, cmd('price', { percent })),
  // Stock credit.
  w(
    3,
    cmd('creditBuy', {
      user,
      lots: fc.integer({ min: 1, max: 2 }),
      leverage: fc.constantFrom(2, 3),
    }),
  ),
  w(2, cmd('trust', { user, pick, yen: fc.integer({ min: 1, max: 50 }).map((n) => n * 1000) })),
  w(2, cmd('trustReview', { user, approve: fc.boolean() })),
  w(1, cmd('creditJob', {})),
  w(1, cmd('shock', { percent: fc.integer({ min: 55, max: 95 }) })),
  // Loans.
  w(1, cmd('borrow', { user, tenThousands: fc.integer({ min: 1, max: 30 }) })),
  w(1, cmd('loanReview', { user, approve: fc.boolean() })),
  w(1, cmd('repay', { user })),
  // Deposits and withdrawals.
  w(1, cmd('deposit', { user, tenThousands: fc.integer({ min: 1, max: 50 }) })),
  w(1, cmd('depositReview', { user, approve: fc.boolean() })),
  w(1, cmd('withdraw', { user, tenThousands: fc.integer({ min: 1, max: 30 }) })),
  w(1, cmd('withdrawReview', { user, approve: fc.boolean() })),
  // New shares.
  w(1, ipoOfferArb),
  w(4, subscribeArb),
  w(1, cmd('draw', { offer: pick })),
  w(1, cmd('ipoJob', {})),
  w(2, cmd('pay', { user, pick })),
  w(1, cmd('waive', { user, pick })),
  // Block trades.
  w(1, blockOfferArb),
  w(2, blockBuyArb),
  w(1, cmd('blockReview', { user, approve: fc.boolean() })),
  // Follow products.
  w(1, productNewArb),
  w(2, cmd('productBuy', { user, pick, tenThousands: fc.integer({ min: 1, max: 20 }) })),
  w(1, cmd('productEnd', { user, pick })),
  w(1, cmd('day', {})),
  // Day trading.
  w(2, dtApplyArb),
  w(2, cmd('dtReview', { user, approve: fc.nat(3).map((n) => n > 0) })),
  w(
    4,
    cmd('dtOrder', {
      user,
      side: fc.constantFrom('buy' as const, 'sell' as const),
      lots: fc.integer({ min: 1, max: 4 }),
      limit: fc.boolean(),
    }),
  ),
  w(1, cmd('flat', { toClose: fc.boolean() })),
  // The clock.
  w(2, cmd('clock', { minutes: fc.integer({ min: 1, max: 90 }) })),
)
export type Command = typeof commandArb extends fc.Arbitrary<infer C> ? C : never
/**
 * How every history opens: the next trading morning (banks open; yesterday's day trading
 * flattened by its job, the products paid), the operator's new IPO, block and product offers, each taken up by a
 * user (`2` picks the newest of the last three offers), and a day-trading application approved,
 * so the random commands after it find live offers and a participation to trade in.
 */
export const opening = fc
  .tuple(ipoOfferArb, subscribeArb, blockOfferArb, blockBuyArb, productNewArb, dtApplyArb)
  .map(([ipo, sub, block, blockBuy, product, apply]): Command[] => [
    { op: 'day' },
    ipo,
    { ...sub, offer: 2 },
    block,
    { ...blockBuy, pick: 2 },
    product,
    apply,
    { op: 'dtReview', user: apply.user, approve: true },
  ])
export type Op = Command['op']

/** Each product line's user-side commands: every line must have had a success by the end. */
export const LINES: Record<string, Op[]> = {
  stocks: ['buy', 'sell', 'cancel'],
  credit: ['creditBuy', 'trust', 'trustReview'],
  loans: ['borrow', 'loanReview', 'repay'],
  deposits: ['deposit', 'depositReview'],
  withdrawals: ['withdraw', 'withdrawReview'],
  ipo: ['subscribe', 'draw', 'pay', 'waive'],
  block: ['blockBuy', 'blockReview'],
  products: ['productBuy', 'productEnd'],
  daytrade: ['dtApply', 'dtReview', 'dtOrder'],
}
