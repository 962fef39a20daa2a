import { randomUUID } from 'node:crypto'
import { assign, fromPromise, type AnyEventObject } from 'xstate'
import { HOLDING } from '@kabu/shared/api/trade'
import {
  coverMachine,
  type CoverContext,
} from '../../../client/src/features/position/cover.machine'
import { needsOf, same, type QaModel } from '../model'
import type { QaStep } from '../paths'
import { caller, verifiedWithYen } from './live'
import { holdingOf } from './order-market'
import { openShort, shortsOf } from './short-market'

/**
 * The position screen's buy-to-cover (買埋) of a short: one lot of Toyota sold short for the path
 * (as the stock page opens one), read back and stepped back from, or confirmed and bought back whole
 * at the market (covered), or refused (order_not_holding) because another device covered it first.
 * The short's row (open, or closed) is checked in each state.
 */

const FUNDED = '1000000'
const COVER = { type: 'COVER', order: { code: 'stand-in', num: 100 } }
const done = { type: 'xstate.done.actor.cover', output: { id: '1' } }
const refused = { type: 'xstate.error.actor.cover', error: { msg: 'order_not_holding' } }

type Snapshot = { matches: (v: never) => boolean; context: CoverContext }

/** What the user and the gateway can do in each state (as tests/api/cover-model.test.ts). */
function events(s: Snapshot): AnyEventObject[] {
  const at = (v: string) => s.matches(v as never)
  // Only the first look leads on; the position again (stepped back, refused) ends a path.
  if (at('idle')) return s.context.order === null ? [COVER] : []
  if (at('confirming')) return [{ type: 'CONFIRM' }, { type: 'CANCEL' }]
  if (at('covering')) return [done, refused]
  return []
}

const racedAt = (steps: QaStep[], index: number) => steps[index + 1]?.event.type === refused.type

export const coverModel: QaModel = {
  name: 'cover',
  source: 'client/src/features/position/cover.machine.ts',
  machine: coverMachine,
  input: { id: 'short' },
  events: events as unknown as QaModel['events'],
  // The position is reached again two ways (stepped back, refused): each is a path.
  serializeState: (s, event) => {
    const { value, context } = s as unknown as Snapshot & { value: unknown }
    const how = value === 'idle' ? ((event as AnyEventObject | undefined)?.type ?? null) : null
    return JSON.stringify([value, context.error, how])
  },
  // Funding and the identity go through the back office.
  needs: needsOf(['ops']),
  async start(kit) {
    const { target } = kit
    const grant = await verifiedWithYen(kit, FUNDED)
    const call = caller(target, grant)
    const id = await openShort(target, grant)
    const short = (await shortsOf(target, grant)).find((h) => h.id === id)
    if (!short) throw new Error(`the short ${id} is not listed`)
    const buyBack = () =>
      call('/trade/buy', {
        type: 'jpy',
        code: short.code,
        num: String(short.stock_num),
        id,
        idem: randomUUID(),
      })
    return {
      grant,
      input: { id },
      machine: coverMachine.provide({
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
        actions: { newIdem: assign({ idem: () => randomUUID() }) },
      }),
      async act(event, { actor, steps, index }) {
        if (event.type === 'COVER') {
          // What the panel sends: the short whole, as listed.
          actor.send({ type: 'COVER', order: { code: short.code, num: short.stock_num } })
          return true
        }
        // Another device covers the short first.
        if (event.type === 'CONFIRM' && racedAt(steps, index)) await buyBack()
        return false
      },
      async agrees(state, snapshot) {
        // The cover is on its way: the short may or may not be closed yet.
        if (state === 'covering') return
        const row = await holdingOf(target, grant, id)
        const ended = state === 'covered' || snapshot.context.error === 'order_not_holding'
        same(
          [row?.status, row?.stock_num],
          [ended ? HOLDING.closed : HOLDING.holding, short.stock_num],
          `${state}: the short`,
        )
      },
      async stop() {
        if ((await shortsOf(target, grant)).some((h) => h.id === id)) await buyBack()
      },
    }
  },
}
