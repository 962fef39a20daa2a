import type { MarketType, Quote } from '@kabu/shared/market/types'
import { assign, fromPromise } from 'xstate'
import { BrokerRefusal } from '../../api/broker'
import { listingFacts } from '../../realtime/listing-facts'
import { fetchSnapshots } from '../../realtime/market-api'
import { appConfig, loadAppConfig } from '../../state/app-config'
import { checkShort, shortRules, type ShortRules } from './short-draft'
import { shortMachine } from './short.machine'
import { fetchUserinfo, sellShort } from './trade.api'

/**
 * What a short sale of `code` is checked against, read fresh: the wallet from getUserinfo, the
 * fee, borrow-fee and leverage rules from /common/config, the lot from the listing.
 */
export async function loadShortRules(quote: Pick<Quote, 'code' | 'market'>, type: MarketType) {
  const [info, config, listing] = await Promise.all([
    fetchUserinfo(type),
    appConfig.values ? Promise.resolve(appConfig.values) : loadAppConfig(),
    listingFacts(quote.code),
  ])
  return shortRules(quote.market, listing?.lot ?? 0, info[type] ?? '0', config)
}

/** The quote now: a short sells at the last price of the moment, not of when the sheet opened. */
async function currentQuote(code: string): Promise<Quote> {
  const [quote] = await fetchSnapshots([code])
  if (!quote) throw new BrokerRefusal('not_listed', 200)
  return quote
}

/** The short machine with the app's calls, for one stock of wallet `type`. */
export function liveShortMachine(type: MarketType, code: string) {
  return shortMachine.provide({
    actors: {
      validate: fromPromise(async ({ input }) => {
        const quote = await currentQuote(code)
        const rules: ShortRules = await loadShortRules(quote, type)
        const check = checkShort(input, rules, quote.price)
        if (!check.ok) throw new BrokerRefusal(check.msg, 200)
        return check.estimate
      }),
      open: fromPromise(({ input }) =>
        sellShort({ type, code, num: input.num, leverage: input.leverage, idem: input.idem }),
      ),
    },
    actions: { newIdem: assign({ idem: () => crypto.randomUUID() }) },
  })
}
