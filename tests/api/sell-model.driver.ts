import { assign, createActor, fromCallback, fromPromise, waitFor } from 'xstate'
import type { SessionGrant } from '@kabu/shared/api/user'
import { listingByCode } from '@kabu/shared/market/listings/index'
import { tickUnitsAt } from '@kabu/shared/market/ticks'
import {
  sellMachine,
  type SellDraft,
  type StatusEvent,
} from '../../client/src/features/position/sell.machine'
import type { TestApp } from '../support/app'
import { gatewayCall, statusOf } from './order-model.driver'
import { idem, priceNear, TOYOTA } from './trading.support'
import { pollGateway } from '../support/poll'
import { printAt } from '../support/prints'

/** The position screen's sell machine (the one sell model) wired to a real gateway over HTTP. */

const toyota = listingByCode(TOYOTA)!

export function liveSell(t: TestApp, grant: SessionGrant) {
  const call = gatewayCall(t, grant)
  return sellMachine.provide({
    actors: {
      sell: fromPromise(({ input }) =>
        call<{ id: string }>('/trade/sell', {
          id: input.id,
          num: String(input.num),
          ...(input.price === null ? {} : { price: input.price }),
          idem: input.idem,
        }),
      ),
      cancelOrder: fromPromise(({ input }) => call<null>('/trade/cancel', { id: input.id })),
      // The real lists, read often: every status the machine sees comes from the gateway.
      watch: fromCallback<StatusEvent, { id: string }>(({ sendBack, input }) => {
        return pollGateway(
          () => statusOf(t, grant, input.id),
          (status) => {
            if (status !== undefined) sendBack({ type: 'STATUS', status })
          },
        )
      }),
    },
    actions: { newIdem: assign({ idem: () => idem() }) },
  })
}

/** A sell limit (units) above the market that the simulator will not reach during a path. */
export const restingSellLimit = (t: TestApp): bigint => priceNear(t, TOYOTA, 105)

/** The market prints one tick over `limit`: the matcher fills the resting sell at that price. */
export async function crossAbove(t: TestApp, limit: bigint): Promise<number> {
  const print = limit + BigInt(tickUnitsAt(toyota, Number(limit)))
  return printAt(t, TOYOTA, Number(print) / 10_000)
}

/** Sells holding `id` as the position screen does: the sell, confirmed, accepted by the gateway. */
export async function sellFromPosition(
  t: TestApp,
  grant: SessionGrant,
  id: string,
  draft: SellDraft,
): Promise<void> {
  const actor = createActor(liveSell(t, grant), { input: { id } }).start()
  try {
    actor.send({ type: 'SELL', draft })
    actor.send({ type: 'CONFIRM' })
    const settled = await waitFor(actor, (s) => !s.matches('selling'), { timeout: 10_000 })
    if (settled.context.error !== null) throw new Error(`sell refused: ${settled.context.error}`)
  } finally {
    actor.stop()
  }
}
