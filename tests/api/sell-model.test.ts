import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createActor, waitFor, type AnyEventObject, type SnapshotFrom } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import { holdingRows, type WireHolding } from '@kabu/shared/api/trade'
import type { SessionGrant } from '@kabu/shared/api/user'
import { formatUnits } from '@kabu/shared/money/decimal'
import { sellMachine, type SellEvent } from '../../client/src/features/position/sell.machine'
import type { TestApp } from '../support/app'
import { expectLedgerConsistent } from '../support/invariants'
import { crossBelow, gatewayCall, restingLimit } from './order-model.driver'
import { crossAbove, liveSell, restingSellLimit } from './sell-model.driver'
import {
  advance,
  books,
  buy,
  endedList,
  MINUTE,
  openList,
  startTradingApp,
  trader,
} from './trading.support'

/**
 * Model-based test of the one sell model (the position screen's sell machine) against a real
 * gateway: the paths come from the machine (`xstate/graph`), with at each state only what the
 * gateway can answer there. A holding of 200 shares is sold whole at the market, at a limit over
 * the market (it rests closing until the market crosses it, or the resting sell is cancelled and
 * the shares are held again), or 100 of it (the part closes on a row of its own); inside the
 * 15-minute lock the sell is refused. A resting buy is cancelled, or filled before the cancel
 * lands and the cancel is refused. After each settled step the gateway's lists and books must
 * agree with the machine.
 */

type Snapshot = SnapshotFrom<typeof sellMachine>
const HELD = 200
const sell = (price: string | null, num = HELD): SellEvent => ({
  type: 'SELL',
  draft: { num, price },
})
// The invokes are named after their actors (confirmStates): sell, cancelOrder.
const done = (actor: string, output: unknown) => ({
  type: `xstate.done.actor.${actor}`,
  output,
})
const refused = (actor: string, msg: string) => ({
  type: `xstate.error.actor.${actor}`,
  error: { msg },
})
const status = (code: number) => ({ type: 'STATUS', status: code })
const atMarket = (s: Snapshot) => s.context.draft?.price === null

/** What the gateway can answer in each state of the machine. */
function possible(s: Snapshot): AnyEventObject[] {
  const { draft, error, partSold } = s.context
  // Only the first choice picks the row (a holding to sell, a resting buy to cancel); once the
  // user has acted, an idle machine leads nowhere new.
  if (s.matches('idle'))
    return draft === null && error === null && !partSold
      ? [sell(null), sell('limit'), { type: 'CANCEL_ORDER' }]
      : []
  if (s.matches('confirmingSell'))
    return [
      { type: 'CONFIRM' },
      { type: 'CANCEL' },
      ...(draft?.num === HELD && atMarket(s) ? [{ type: 'QUANTITY', num: 100 }] : []),
    ]
  if (s.matches('selling'))
    return [
      done('sell', { id: draft!.num < HELD ? 'part' : 'held' }),
      ...(draft?.num === HELD && atMarket(s) ? [refused('sell', 'sell_after_15_minutes')] : []),
    ]
  if (s.matches('closing')) return atMarket(s) ? [status(4)] : [status(4), status(0)]
  if (s.matches('confirmingCancel')) return [{ type: 'CONFIRM' }, { type: 'CANCEL' }]
  if (s.matches('cancelling'))
    return [done('cancelOrder', null), refused('cancelOrder', 'order_not_holding')]
  return []
}

const paths = getShortestPaths(sellMachine, {
  input: { id: 'held' },
  events: possible as never,
  serializeState: (s) => {
    const { value, context } = s as Snapshot
    const { draft, error, partSold, soldId } = context
    // Whether a sell was accepted tells an idle after CANCEL from one after a cancelled resting sell.
    const sent = soldId !== null
    return JSON.stringify([value, error, partSold, sent, draft?.num ?? null, draft?.price ?? null])
  },
})

let t: TestApp
let n = 0
beforeAll(async () => {
  t = await startTradingApp()
})
afterAll(() => t.stop())

type Steps = Array<{ event: AnyEventObject; state: Snapshot }>

/** The row the path starts from: 200 shares held, or a buy of 200 resting under the market. */
async function startingRow(grant: SessionGrant, steps: Steps) {
  const cancels = steps.some((s) => s.event.type === 'CANCEL_ORDER')
  const limit = cancels ? restingLimit(t) : 0n
  const answer = await buy(t, grant, {
    num: String(HELD),
    ...(cancels ? { price: formatUnits(limit) } : {}),
  })
  expect(answer.status).toBe(1)
  // Past the 15-minute lock, unless the path wants the sell refused by it.
  if (steps.some((s) => s.event.type === 'xstate.done.actor.sell')) await advance(t, 16 * MINUTE)
  return { id: (answer.data as { id: string }).id, start: cancels ? 2 : 0, limit }
}

async function rowOf(grant: SessionGrant, id: string): Promise<WireHolding | undefined> {
  const open = holdingRows(await openList(t, grant)).find((h) => h.id === id)
  return open ?? holdingRows(await endedList(t, grant)).find((h) => h.id === id)
}

/** What the gateway must hold for holding `id` in each settled state. */
async function agrees(grant: SessionGrant, id: string, start: number, s: Snapshot) {
  const row = await rowOf(grant, id)
  const state = String(s.value)
  const unchanged = [start, HELD]
  const seen = [row?.status, row?.stock_num]
  if (state === 'confirmingSell' || state === 'confirmingCancel')
    expect(seen, state).toEqual(unchanged)
  if (state === 'idle' && s.context.partSold) {
    expect(seen, 'the rest is held').toEqual([0, HELD - 100])
    const parts = holdingRows(await endedList(t, grant)).filter((h) => h.id !== id)
    expect(parts.map((h) => [h.status, h.stock_num])).toEqual([[4, 100]])
  } else if (state === 'idle') {
    // A refused cancel found the buy filled; anything else left the row as it was.
    const filled = s.context.error === 'order_not_holding'
    expect(seen, state).toEqual(filled ? [0, HELD] : unchanged)
  }
  if (state === 'closing') {
    // At the market the sell fills at once and the machine is closing until its watch reads it;
    // at a limit over the market it rests, closing, on the gateway too.
    const sold = await rowOf(grant, s.context.soldId!)
    expect(sold?.status, state).toBe(atMarket(s) ? 4 : 1)
  }
  if (state === 'closed') expect(seen, state).toEqual([4, HELD])
  if (state === 'cancelled') {
    expect(seen, state).toEqual([3, HELD])
    expect((await books(t, grant.account, 'JPY')).frozen).toBe(0n)
  }
  await expectLedgerConsistent(t.app.db)
}

const describePath = (steps: Steps) =>
  steps
    .map(({ event }) => {
      const e = event as { type: string; draft?: { num: number; price: string | null } }
      if (e.draft) return `SELL(${e.draft.num} ${e.draft.price === null ? 'market' : 'limit'})`
      if ('error' in event) return `${e.type.replace(/^xstate\.error\.actor\./, '')} refused`
      if (e.type.startsWith('xstate.done.'))
        return `${e.type.replace(/^xstate\.done\.actor\./, '')} ok`
      return 'status' in event ? `STATUS(${String(event.status)})` : e.type
    })
    .join(' → ')

/** Events the machine gets by itself (an actor ends, the watch reads a status): no send. */
const automatic = (event: AnyEventObject | undefined) =>
  event !== undefined && (event.type.startsWith('xstate.') || event.type === 'STATUS')

describe('sell machine against the gateway (paths from xstate/graph)', () => {
  it('covers every state of the sell, the part sold and both refusals', () => {
    const reached = new Set(paths.map((p) => String(p.state.value)))
    expect(reached).toEqual(
      new Set([
        'idle',
        'confirmingSell',
        'selling',
        'closing',
        'closed',
        'confirmingCancel',
        'cancelling',
        'cancelled',
      ]),
    )
    const ends = paths.map((p) => (p.state as Snapshot).context)
    expect(
      ends.some((c) => c.partSold),
      'a part sold, the rest held',
    ).toBe(true)
    const heldAgain = paths.some((p) => p.state.matches('idle') && p.state.context.soldId !== null)
    expect(heldAgain, 'a resting sell cancelled, the shares held again').toBe(true)
    expect(new Set(ends.map((c) => c.error))).toEqual(
      new Set([null, 'sell_after_15_minutes', 'order_not_holding']),
    )
  })

  for (const path of paths) {
    const steps = path.steps as Steps
    it(describePath(steps), { timeout: 30_000 }, async () => {
      const grant = await trader(t, `smodel${n++}x${Date.now() % 10000}`)
      const { id, start, limit } = await startingRow(grant, steps)
      const call = gatewayCall(t, grant)
      let sellLimit = 0n
      const actor = createActor(liveSell(t, grant), { input: { id } }).start()
      try {
        for (const [i, { event, state }] of steps.entries()) {
          const next = steps[i + 1]?.event
          const at = actor.getSnapshot()
          if (event.type === 'SELL' && (event as SellEvent & { type: 'SELL' }).draft.price) {
            sellLimit = restingSellLimit(t)
            actor.send(sell(formatUnits(sellLimit)))
          } else if (event.type === 'CONFIRM' && next?.type === 'xstate.error.actor.cancelOrder') {
            // The resting buy fills before the cancel lands. (Earlier paths' buys may fill too.)
            expect(await crossBelow(t, limit)).toBeGreaterThanOrEqual(1)
            actor.send(event as SellEvent)
          } else if (event.type === 'STATUS' && at.matches('closing') && !atMarket(at)) {
            // The market crosses the resting sell, or the user cancels it from another screen.
            if (event.status === 4) expect(await crossAbove(t, sellLimit)).toBeGreaterThanOrEqual(1)
            else await call<null>('/trade/cancel', { id: at.context.soldId! })
          } else if (!automatic(event)) {
            actor.send(event as SellEvent)
          }
          // Busy states pass on by themselves; a resting sell waits for the driver.
          const waitsForDriver = state.matches('closing') && !atMarket(state)
          if (automatic(next) && !waitsForDriver) continue
          await waitFor(actor, (s) => s.matches(state.value as never), { timeout: 10_000 })
          expect(actor.getSnapshot().context.error).toBe(state.context.error)
          expect(actor.getSnapshot().context.partSold).toBe(state.context.partSold)
          await agrees(grant, id, start, actor.getSnapshot())
        }
      } finally {
        actor.stop()
      }
    })
  }
})
