import { randomUUID } from 'node:crypto'
import { assign, fromCallback, fromPromise, type AnyEventObject } from 'xstate'
import type { Wallet } from '@kabu/shared/api/ledger'
import { holdingRows, type ClosedHoldingList } from '@kabu/shared/api/trade'
import { holdingStatus$ } from '../../../client/src/realtime/holding-status'
import {
  sellMachine,
  type SellContext,
  type StatusEvent,
} from '../../../client/src/features/position/sell.machine'
import { needsOf, same, type QaModel } from '../model'
import { describePath } from '../model-paths'
import type { QaStep } from '../paths'
import { caller, userEventsOn, verifiedWithYen } from './live'
import { CODE, holdingOf, priceAway, quoteOf } from './order-market'
import { fillSoon, pastSellLock, restingSellOf } from './order-moves'

/**
 * The position screen's sell (spec §4, the one sell model) of 200 shares of Toyota bought at the
 * market for the path, past the 15-minute lock (the back office moves the clock) unless the path
 * wants the lock's refusal: sold whole at the market (closed), 100 of it (the part closes on a row
 * of its own, the rest is held), or at a limit over the market (closing) that the user then moves
 * under the market (closed by the next print) or cancels (held again). A buy resting under the
 * market is cancelled from the same screen, or filled first (its limit moved over the market) so
 * that the cancel is refused. The holding's row and the yen frozen are checked in each state.
 */

const FUNDED = '1000000'
const HELD = 200
const sell = (price: string | null, num = HELD) => ({ type: 'SELL', draft: { num, price } })
const done = (actor: string, output: unknown) => ({ type: `xstate.done.actor.${actor}`, output })
const refused = (actor: string, msg: string) => ({
  type: `xstate.error.actor.${actor}`,
  error: { msg },
})
type Snapshot = { matches: (v: never) => boolean; context: SellContext }
const atMarket = (s: Snapshot) => s.context.draft?.price === null

/** What the gateway can answer in each state (as tests/api/sell-model.test.ts). */
function events(s: Snapshot): AnyEventObject[] {
  const at = (v: string) => s.matches(v as never)
  const { draft, error, partSold } = s.context
  // Only the first choice picks the row; once the user acted, an idle machine leads nowhere new.
  if (at('idle'))
    return draft === null && error === null && !partSold
      ? [sell(null), sell('limit'), { type: 'CANCEL_ORDER' }]
      : []
  const whole = draft?.num === HELD && atMarket(s)
  if (at('confirmingSell'))
    return [
      { type: 'CONFIRM' },
      { type: 'CANCEL' },
      ...(whole ? [{ type: 'QUANTITY', num: 100 }] : []),
    ]
  if (at('selling'))
    return [
      done('sell', { id: draft!.num < HELD ? 'part' : 'held' }),
      ...(whole ? [refused('sell', 'sell_after_15_minutes')] : []),
    ]
  if (at('closing')) return atMarket(s) ? [{ type: 'STATUS', status: 4 }] : [4, 0].map(status)
  if (at('confirmingCancel')) return [{ type: 'CONFIRM' }, { type: 'CANCEL' }]
  if (at('cancelling'))
    return [done('cancelOrder', null), refused('cancelOrder', 'order_not_holding')]
  return []
}
function status(code: number) {
  return { type: 'STATUS', status: code }
}

const has = (steps: QaStep[], type: string) => steps.some((s) => s.event.type === type)

export const sellModel: QaModel = {
  name: 'sell',
  source: 'client/src/features/position/sell.machine.ts',
  machine: sellMachine,
  input: { id: 'held' },
  events: events as unknown as QaModel['events'],
  serializeState: (s) => {
    const { draft, error, partSold, soldId } = s.context as SellContext
    // Whether a sell was accepted tells an idle after CANCEL from one after a cancelled resting sell.
    return JSON.stringify([
      s.value,
      error,
      partSold,
      soldId !== null,
      draft?.num ?? null,
      draft?.price ?? null,
    ])
  },
  // A sell at a limit is a path of its own beside the same steps at the market.
  describe: (steps) =>
    describePath({
      steps: steps.map(({ event }) => ({
        event: event.type === 'SELL' && event.draft.price ? { type: 'SELL(limit)' } : event,
      })),
    }),
  // Funding goes through the back office; a sell past the lock needs its clock.
  needs: needsOf(['ops'], { 'xstate.done.actor.sell': ['clock'] }),
  automatic: (e) => e.type === 'STATUS',
  async start(kit, steps) {
    const { target } = kit
    const grant = await verifiedWithYen(kit, FUNDED)
    const call = caller(target, grant)
    // The row the path starts from: 200 shares held, or a buy of 200 resting under the market.
    const rests = has(steps, 'CANCEL_ORDER')
    const price = rests ? priceAway(await quoteOf(target), -3) : undefined
    const form = { type: 'jpy', code: CODE, num: String(HELD), price, idem: randomUUID() }
    const { id } = await call<{ id: string }>('/trade/buy', form)
    if (has(steps, 'xstate.done.actor.sell')) await pastSellLock(kit)
    const events$ = userEventsOn(target, grant)
    const start = rests ? 2 : 0
    return {
      grant,
      input: { id },
      machine: sellMachine.provide({
        actors: {
          sell: fromPromise(({ input }) =>
            call<{ id: string }>('/trade/sell', {
              id: input.id,
              num: String(input.num),
              ...(input.wire ?? { price: input.price ?? undefined }),
              idem: input.idem,
            }),
          ),
          cancelOrder: fromPromise(({ input }) => call('/trade/cancel', { id: input.id })),
          watch: fromCallback<StatusEvent, { id: string }>(({ sendBack, input }) => {
            const read = async () => (await holdingOf(target, grant, input.id))?.status
            const watch = holdingStatus$(input.id, read, 1000, events$).subscribe((code) =>
              sendBack({ type: 'STATUS', status: code }),
            )
            return () => watch.unsubscribe()
          }),
        },
        actions: { newIdem: assign({ idem: () => randomUUID() }) },
      }),
      async act(event, { actor, steps: all, index }) {
        const snapshot = actor.getSnapshot()
        if (event.type === 'SELL' && event.draft.price !== null) {
          // Three percent over the market: it rests, closing, until the user moves it.
          const limit = priceAway(await quoteOf(target), 3)
          actor.send(sell(limit))
          return true
        }
        const cancelRefused = all[index + 1]?.event.type === 'xstate.error.actor.cancelOrder'
        if (event.type === 'CONFIRM' && snapshot.matches('confirmingCancel') && cancelRefused)
          // The resting buy fills (its limit moved over the market) before the cancel lands.
          await fillSoon(target, grant, id, 'limit up')
        if (
          event.type === 'STATUS' &&
          snapshot.matches('closing') &&
          snapshot.context.draft?.price
        ) {
          const resting = await restingSellOf(target, grant, CODE)
          // The next print under its new limit fills it; or the user cancels it elsewhere.
          if (resting && event.status === 4) await fillSoon(target, grant, resting.id, 'limit down')
          if (resting && event.status === 0) await call('/trade/cancel', { id: resting.id })
        }
        return false
      },
      async agrees(state, snapshot) {
        const context = snapshot.context as SellContext
        const row = await holdingOf(target, grant, id)
        const seen = [row?.status ?? null, row?.stock_num ?? null]
        const yen = (await call<Wallet[]>('/user/wallets')).find((w) => w.currency === 'JPY')
        if (state === 'confirmingSell' || state === 'confirmingCancel')
          same(seen, [start, HELD], `${state}: the row`)
        if (state === 'idle' && context.partSold) same(seen, [0, HELD - 100], 'the rest held')
        else if (state === 'idle') {
          // A refused cancel found the buy filled; anything else left the row as it was.
          const filled = context.error === 'order_not_holding'
          same(seen, filled ? [0, HELD] : [start, HELD], 'idle: the row')
        }
        if (state === 'closing' && context.soldId) {
          const sold = await holdingOf(target, grant, context.soldId)
          same(sold?.status, atMarket(snapshot as never) ? 4 : 1, 'closing: the sold row')
        }
        if (state === 'closed') {
          // A resting sell the simulator's prints fill in parts closes its shares on split rows.
          const ended = holdingRows(
            await call<ClosedHoldingList>('/trade/userstocklists', { type: 'jpy' }),
          )
          const closedShares = ended
            .filter((h) => h.status === 4)
            .reduce((n, h) => n + h.stock_num, 0)
          same([row?.status, closedShares], [4, HELD], 'closed: the row, the shares closed')
        }
        if (state === 'cancelled') {
          same(seen, [3, HELD], 'cancelled: the row')
          same([yen?.frozen, yen?.available], ['0', FUNDED], 'cancelled: yen frozen, available')
        }
      },
      async stop() {
        const open = await call<Array<{ id: string }>>('/trade/orders', {
          type: 'jpy',
          status: 'open',
        })
        for (const o of open) await call('/trade/cancel', { id: o.id })
      },
    }
  },
}
