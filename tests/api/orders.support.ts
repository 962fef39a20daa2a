import type { WireOrder, WireOrderInfo } from '@kabu/shared/api/orders'
import type { SessionGrant } from '@kabu/shared/api/user'
import { listingByCode } from '@kabu/shared/market/listings/index'
import { tickUnitsAt } from '@kabu/shared/market/ticks'
import type { Listing } from '@kabu/shared/market/types'
import type { TestApp } from '../support/app'
import { brokerApi, brokerData, session, type BrokerAnswer } from '../support/broker'
import { userSocket } from './ops-user-socket'
import { advance, buy, idem, MINUTE, TOYOTA, trader } from './trading.support'
import { printAt } from '../support/prints'

/** Helpers of the orders tests (API.md "Orders"). */

const toyota = listingByCode(TOYOTA) as Listing

export const orders = (t: TestApp, g: SessionGrant, status: 'open' | 'done', type = 'jpy') =>
  brokerData<WireOrder[]>(t.url, '/trade/orders', { type, status }, session(g))

export const orderInfo = (t: TestApp, g: SessionGrant, id: string): Promise<BrokerAnswer> =>
  brokerApi(t.url, '/trade/orderInfo', { id }, session(g))

export const cancel = (t: TestApp, g: SessionGrant, id: string): Promise<BrokerAnswer> =>
  brokerApi(t.url, '/trade/cancel', { id }, session(g))

/** Matches one print of Toyota at `units` now (the matcher's test entry). */
export function printToyota(t: TestApp, units: bigint): Promise<number> {
  return printAt(t, TOYOTA, Number(units) / 10_000)
}

/** One tick under a limit: a print that fills a buy resting there. */
export const tickUnder = (limit: bigint) => limit - BigInt(tickUnitsAt(toyota, Number(limit) - 1))

/** A `/user` socket that records `order:updated`. */
export async function orderSocket(t: TestApp, grant: SessionGrant) {
  const { socket, events } = await userSocket(t.url, grant, ['order:updated'])
  return { socket, updates: events }
}

/** The fills of one order as /trade/orderInfo answers them. */
export async function fillsOf(t: TestApp, g: SessionGrant, id: string) {
  const answer = await orderInfo(t, g, id)
  if (answer.status !== 1) throw new Error(`/trade/orderInfo answered ${answer.msg}`)
  return (answer.data as WireOrderInfo).fills
}

/** One order as /trade/orderInfo answers it. */
export const orderNow = async (t: TestApp, g: SessionGrant, id: string) =>
  (await orderInfo(t, g, id)).data as WireOrderInfo

export const amend = (t: TestApp, g: SessionGrant, form: Record<string, string>) =>
  brokerApi(t.url, '/trade/amend', { idem: idem(), ...form }, session(g))

/** A new trader holding `num` Toyota shares, past the sell lock. */
export async function holder(t: TestApp, account: string, num = '100') {
  const g = await trader(t, account)
  const { id } = (await buy(t, g, { num })).data as { id: string }
  await advance(t, 16 * MINUTE)
  return { g, id }
}
