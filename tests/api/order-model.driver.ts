import { assign, fromCallback, fromPromise } from 'xstate'
import type { ConfigEntry } from '@kabu/shared/api/common'
import { holdingRows } from '@kabu/shared/api/trade'
import type { SessionGrant } from '@kabu/shared/api/user'
import { listingByCode } from '@kabu/shared/market/listings/index'
import { roundUnitsToTick, tickUnitsAt } from '@kabu/shared/market/ticks'
import { checkDraft, wireKind, type OrderRules } from '../../client/src/features/stock/order-draft'
import { orderMachine, type OrderWatchEvent } from '../../client/src/features/stock/order.machine'
import { lookAtOrder, type OrderFacts } from '../../client/src/features/stock/order-watch'
import type { TestApp } from '../support/app'
import { session, brokerApi, brokerData } from '../support/broker'
import { endedList, idem, lastUnits, openList, TOYOTA } from './trading.support'
import { pollGateway } from '../support/poll'
import { printAt as printOf } from '../support/prints'

/** The order machine of the buy panel wired to a real gateway over HTTP, for one trader. */

const toyota = listingByCode(TOYOTA)!

/** A limit price below the market that the simulator will not reach during a path. */
export function restingLimit(t: TestApp): bigint {
  const quote = t.app.market.snapshot(TOYOTA)!
  const target = Number((lastUnits(t, TOYOTA) * 95n) / 100n)
  const down = Math.round(quote.limitDown! * 10_000)
  return BigInt(Math.max(down, roundUnitsToTick(toyota, target, 'down')))
}

/** A stop buy's trigger above the market, under the day's upper limit, on the grid. */
export function restingStop(t: TestApp): bigint {
  const quote = t.app.market.snapshot(TOYOTA)!
  const target = Number((lastUnits(t, TOYOTA) * 103n) / 100n)
  const up = Math.round(quote.limitUp! * 10_000)
  return BigInt(Math.min(up, roundUnitsToTick(toyota, target, 'up')))
}

/** A form's given fields, as the app's client sends them (an absent one is no field). */
const defined = (form: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(form).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >

/** The market prints at `units`: a stop buy whose trigger it reaches fires and fills there. */
export function printAt(t: TestApp, units: bigint): Promise<number> {
  return printOf(t, TOYOTA, Number(units) / 10_000)
}

/** The market prints one tick under `limit`: the matcher fills the resting buy at that price. */
export const crossBelow = (t: TestApp, limit: bigint): Promise<number> =>
  printAt(t, limit - BigInt(tickUnitsAt(toyota, Number(limit) - 1)))

/** Holding `id` on the gateway: open list first, then the ended one. */
export async function holdingOf(t: TestApp, grant: SessionGrant, id: string) {
  const open = holdingRows(await openList(t, grant)).find((h) => h.id === id)
  return open ?? holdingRows(await endedList(t, grant)).find((h) => h.id === id)
}

/** Where holding `id` stands on the gateway. */
export const statusOf = async (t: TestApp, grant: SessionGrant, id: string) =>
  (await holdingOf(t, grant, id))?.status

/** The rules the panel checks a draft against, read from the gateway as the app reads them. */
async function rules(t: TestApp, grant: SessionGrant): Promise<OrderRules> {
  const quote = t.app.market.snapshot(TOYOTA)!
  const entries = await brokerData<ConfigEntry[]>(t.url, '/common/config')
  const info = await brokerData<Record<string, string>>(
    t.url,
    '/user/getUserinfo',
    { type: 'jpy' },
    session(grant),
  )
  return {
    lot: toyota.lot,
    tick: { market: 'jp', topix500: toyota.topix500, kind: quote.kind },
    limitUp: quote.limitUp,
    limitDown: quote.limitDown,
    buyFeeRate: entries.find((e) => e.name === 'buy_fee_rate')?.value ?? '0',
    available: info.jpy ?? '0',
    fundPasswordRequired: false,
  }
}

/** A call of /api/vue as `grant`, failing as the app's client does: with the refusal's `msg`. */
export const gatewayCall =
  (t: TestApp, grant: SessionGrant) =>
  async <T>(path: string, form: Record<string, string>): Promise<T> => {
    const answer = await brokerApi(t.url, path, form, session(grant))
    if (answer.status !== 1) throw { msg: answer.msg }
    return answer.data as T
  }

export function liveOrder(t: TestApp, grant: SessionGrant) {
  const call = gatewayCall(t, grant)
  return orderMachine.provide({
    actors: {
      validate: fromPromise(async ({ input }) => {
        const quote = t.app.market.snapshot(TOYOTA)!
        const check = checkDraft(input, await rules(t, grant), quote.price)
        if (!check.ok) throw { msg: check.msg }
        return check.estimate
      }),
      submit: fromPromise(({ input }) =>
        call<{ id: string }>('/trade/buy', {
          type: 'jpy',
          code: TOYOTA,
          num: String(input.lots * toyota.lot),
          // The app's own mapping of a draft to the wire: the gateway must take what it sends.
          ...defined(wireKind(input)),
          idem: input.idem,
        }),
      ),
      // The order and its holding, read often: every report the machine sees is the gateway's.
      watchOrder: fromCallback<OrderWatchEvent, { id: string }>(({ sendBack, input }) =>
        pollGateway(
          lookAtOrder(
            () => call<OrderFacts>('/trade/orderInfo', { id: input.id }),
            () => statusOf(t, grant, input.id),
          ),
          (events) => events.forEach(sendBack),
        ),
      ),
      cancelOrder: fromPromise(({ input }) => call<null>('/trade/cancel', { id: input.id })),
    },
    actions: { newIdem: assign({ idem: () => idem() }) },
  })
}
