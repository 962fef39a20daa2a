import type { MarketType, Quote } from '@kabu/shared/market/types'
import { assign, fromCallback, fromPromise } from 'xstate'
import { fetchAccounts } from '../../api/accounts'
import { fetchHolding } from '../../api/holdings'
import { nisaEligible } from '@kabu/shared/tax/nisa'
import { fetchOrder } from '../../api/orders'
import { BrokerRefusal } from '../../api/broker'
import { listingFacts } from '../../realtime/listing-facts'
import { fetchSnapshots } from '../../realtime/market-api'
import { orderStatus$ } from '../../realtime/holding-status'
import { appConfig, loadAppConfig } from '../../state/app-config'
import { creditMinMargin } from '../../ui/credit/credit-minimum'
import { checkDraft, wireKind, type OrderRules } from './order-draft'
import { orderMachine, type OrderWatchEvent } from './order.machine'
import { lookAtOrder } from './order-watch'
import { buy, cancelOrder, fetchUserinfo } from './trade.api'

/**
 * The rules an order of `quote` is checked against, read fresh: the wallet from getUserinfo, fees
 * and the fund-password switch from /common/config, lot and tick grid from the listing (a new share's from the gateway).
 */
export async function loadOrderRules(type: MarketType, quote: Quote): Promise<OrderRules> {
  // Only a code NISA can take asks for its room (shared/tax/nisa.ts nisaEligible).
  const nisaCode = nisaEligible({ market: quote.market, kind: quote.kind, leverage: 1 })
  const [info, config, listing, accounts] = await Promise.all([
    fetchUserinfo(type),
    appConfig.values ? Promise.resolve(appConfig.values) : loadAppConfig(),
    listingFacts(quote.code),
    nisaCode ? fetchAccounts() : Promise.resolve(null),
  ])
  const nisaOpen = accounts?.nisa.opened != null
  return {
    lot: listing?.lot ?? 0,
    tick: { market: quote.market, topix500: listing?.topix500, kind: quote.kind },
    limitUp: quote.limitUp,
    limitDown: quote.limitDown,
    buyFeeRate: config.buy_fee_rate ?? '0',
    available: info[type] ?? '0',
    fundPasswordRequired: config.trade_fund_password === '1',
    creditMinMargin: creditMinMargin(quote.market, config),
    nisaRoom: nisaOpen ? (accounts?.nisa.growth_room ?? null) : null,
    nisaClosed: nisaCode && !nisaOpen,
  }
}

/** The quote now: an order is priced and checked at the market as it is, not as the screen opened. */
async function currentQuote(code: string): Promise<Quote> {
  const [quote] = await fetchSnapshots([code])
  if (!quote) throw new BrokerRefusal('not_listed', 200)
  return quote
}

/** The order machine with the app's actors, for one stock of wallet `type`. */
export function liveOrderMachine(type: MarketType, code: string) {
  return orderMachine.provide({
    actors: {
      validate: fromPromise(async ({ input }) => {
        const quote = await currentQuote(code)
        const check = checkDraft(input, await loadOrderRules(type, quote), quote.price)
        if (!check.ok) throw new BrokerRefusal(check.msg, 200)
        return check.estimate
      }),
      submit: fromPromise(async ({ input }) =>
        buy({
          type,
          code,
          num: input.lots * ((await listingFacts(code))?.lot ?? 0),
          order: wireKind(input),
          fundPassword: input.fundPassword,
          idem: input.idem,
          leverage: input.leverage ?? 1,
        }),
      ),
      watchOrder: fromCallback<OrderWatchEvent, { id: string }>(({ sendBack, input }) => {
        const look = lookAtOrder(
          () => fetchOrder(input.id),
          async () => (await fetchHolding(type, input.id))?.status,
        )
        const watch = orderStatus$(input.id, look).subscribe((events) => events.forEach(sendBack))
        return () => watch.unsubscribe()
      }),
      cancelOrder: fromPromise(({ input }) => cancelOrder(input.id)),
    },
    actions: { newIdem: assign({ idem: () => crypto.randomUUID() }) },
  })
}
