import { assign, fromCallback, fromPromise } from 'xstate'
import type { ConfigEntry } from '@kabu/shared/api/common'
import { holdingRows } from '@kabu/shared/api/trade'
import type { SessionGrant } from '@kabu/shared/api/user'
import { listingByCode } from '@kabu/shared/market/listings/index'
import { roundUnitsToTick, tickUnitsAt } from '@kabu/shared/market/ticks'
import { formatUnits } from '@kabu/shared/money/decimal'
import { checkDraft, type OrderRules } from '../../client/src/features/stock/order-draft'
import {
  orderMachine,
  statusEvent,
  type OrderStatusEvent,
} from '../../client/src/features/stock/order.machine'
import type { TestApp } from '../support/app'
import { session, brokerApi, brokerData } from '../support/broker'
import { endedList, idem, lastUnits, openList, TOYOTA } from './trading.support'
import { pollGateway } from '../support/poll'

/** The order machine of the buy panel wired to a real gateway over HTTP, for one trader. */

const toyota = listingByCode(TOYOTA)!

/** A limit price below the market that the simulator will not reach during a path. */
export function restingLimit(t: TestApp): bigint {
  const quote = t.app.market.snapshot(TOYOTA)!
  const target = Number((lastUnits(t, TOYOTA) * 95n) / 100n)
  const down = Math.round(quote.limitDown! * 10_000)
  return BigInt(Math.max(down, roundUnitsToTick(toyota, target, 'down')))
}

const unitsOf = (price: number) => BigInt(Math.round(price * 10_000))

/** The market prints one tick under `limit`: the matcher fills the resting buy at that price. */
export async function crossBelow(t: TestApp, limit: bigint): Promise<number> {
  const print = limit - BigInt(tickUnitsAt(toyota, Number(limit) - 1))
  const quote = { ...t.app.market.snapshot(TOYOTA)!, price: Number(print) / 10_000 }
  return t.app.broker.trading.matcher.match([quote])
}

/** Where holding `id` stands on the gateway: open list first, then the ended one. */
export async function statusOf(t: TestApp, grant: SessionGrant, id: string) {
  const open = holdingRows(await openList(t, grant)).find((h) => h.id === id)
  if (open) return open.status
  return holdingRows(await endedList(t, grant)).find((h) => h.id === id)?.status
}

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
          ...(input.kind === 'limit' ? { price: formatUnits(unitsOf(input.limitPrice)) } : {}),
          idem: input.idem,
        }),
      ),
      // The real lists, read often: every status the machine sees comes from the gateway.
      watchOrder: fromCallback<OrderStatusEvent, { id: string }>(({ sendBack, input }) => {
        return pollGateway(
          () => statusOf(t, grant, input.id),
          (status) => {
            const event = status === undefined ? null : statusEvent(status)
            if (event) sendBack(event)
          },
        )
      }),
      cancelOrder: fromPromise(({ input }) => call<null>('/trade/cancel', { id: input.id })),
    },
    actions: { newIdem: assign({ idem: () => idem() }) },
  })
}
