import { assign, createActor, fromPromise, waitFor } from 'xstate'
import type { ConfigEntry } from '@kabu/shared/api/common'
import { holdingRows, type WireHolding } from '@kabu/shared/api/trade'
import type { SessionGrant } from '@kabu/shared/api/user'
import { listingByCode } from '@kabu/shared/market/listings/index'
import { coverMachine } from '../../client/src/features/position/cover.machine'
import { shortMachine } from '../../client/src/features/stock/short.machine'
import {
  checkShort,
  leverageChoices,
  shortRules,
  type ShortDraft,
  type ShortRules,
} from '../../client/src/features/stock/short-draft'
import type { TestApp } from '../support/app'
import { brokerData, session } from '../support/broker'
import { gatewayCall } from './order-model.driver'
import { idem, openList, START, TOYOTA } from './trading.support'

/**
 * The stock page's short machine and the position screen's cover machine wired to a real gateway
 * over HTTP, for one trader, with the app's own rules and wire forms (short.live.ts, cover.live.ts).
 */

const toyota = listingByCode(TOYOTA)!
/** Shares in one lot of the code the paths trade. */
export const LOT = toyota.lot

export async function configOf(t: TestApp): Promise<Record<string, string>> {
  const entries = await brokerData<ConfigEntry[]>(t.url, '/common/config')
  return Object.fromEntries(entries.map((e) => [e.name, e.value]))
}

/** The rules the short ticket checks a draft against, read from the gateway as the app reads them. */
async function rules(t: TestApp, grant: SessionGrant): Promise<ShortRules> {
  const info = await brokerData<Record<string, string>>(
    t.url,
    '/user/getUserinfo',
    { type: 'jpy' },
    session(grant),
  )
  return shortRules('jp', toyota.lot, info.jpy ?? '0', await configOf(t))
}

export function liveShort(t: TestApp, grant: SessionGrant) {
  const call = gatewayCall(t, grant)
  return shortMachine.provide({
    actors: {
      validate: fromPromise(async ({ input }) => {
        const check = checkShort(input, await rules(t, grant), t.app.market.snapshot(TOYOTA)!.price)
        if (!check.ok) throw { msg: check.msg }
        return check.estimate
      }),
      open: fromPromise(({ input }) =>
        call<{ id: string }>('/trade/sell', {
          type: 'jpy',
          code: TOYOTA,
          num: String(input.num),
          leverage: String(input.leverage),
          idem: input.idem,
        }),
      ),
    },
    actions: { newIdem: assign({ idem: () => idem() }) },
  })
}

export function liveCover(t: TestApp, grant: SessionGrant) {
  const call = gatewayCall(t, grant)
  return coverMachine.provide({
    actors: {
      cover: fromPromise(({ input }) =>
        call<{ id: string }>('/trade/buy', {
          type: 'jpy',
          code: input.code,
          num: String(input.num),
          id: input.id,
          idem: input.idem,
        }),
      ),
    },
    actions: { newIdem: assign({ idem: () => idem() }) },
  })
}

/**
 * A short at the ticket's first leverage (the lowest) whose margin takes about 60 % of what
 * `trader` deposits: one fits the wallet, a second beside it does not.
 */
export async function largeShort(t: TestApp): Promise<ShortDraft> {
  const leverage = Math.min(...leverageChoices((await configOf(t)).leverage_choices))
  const lotCost = BigInt(Math.round(t.app.market.snapshot(TOYOTA)!.price * 10_000) * toyota.lot)
  const lots = (START * 6n * BigInt(leverage)) / (10n * lotCost)
  return { lots: Math.max(1, Number(lots)), leverage }
}

/** The user's open shorts as the position list shows them. */
export const shortsOf = async (t: TestApp, grant: SessionGrant): Promise<WireHolding[]> =>
  holdingRows(await openList(t, grant)).filter((h) => h.side === 'short')

/** Sells `draft` short as the stock page does: validated, read back, confirmed, opened. */
export async function shortFromStock(
  t: TestApp,
  grant: SessionGrant,
  draft: ShortDraft,
): Promise<string> {
  const actor = createActor(liveShort(t, grant)).start()
  try {
    actor.send({ type: 'SUBMIT', draft })
    await waitFor(actor, (s) => !s.matches('validating'), { timeout: 10_000 })
    actor.send({ type: 'CONFIRM' })
    const settled = await waitFor(actor, (s) => s.hasTag('ended') || s.matches('ticket'), {
      timeout: 10_000,
    })
    if (!settled.matches('opened')) throw new Error(`short refused: ${settled.context.error}`)
    return settled.context.positionId!
  } finally {
    actor.stop()
  }
}
