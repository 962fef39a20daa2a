import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createActor, waitFor, type AnyEventObject, type SnapshotFrom } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import type { WireClosedHolding, WireHolding } from '@kabu/shared/api/trade'
import type { SessionGrant } from '@kabu/shared/api/user'
import { parseUnits } from '@kabu/shared/money/decimal'
import { coverMachine, type CoverEvent } from '../../client/src/features/position/cover.machine'
import { coverEstimate } from '../../client/src/features/position/short-figures'
import type { TestApp } from '../support/app'
import { expectLedgerConsistent } from '../support/invariants'
import { orders } from './orders.support'
import { configOf, largeShort, liveCover, shortFromStock, shortsOf } from './short-model.driver'
import { books, buy, endedList, START, startTradingApp, TOYOTA, trader } from './trading.support'

/**
 * Model-based test of the position screen's cover machine (買埋) against a real gateway: the paths
 * come from the machine (`xstate/graph`), with at each state only what the gateway can answer
 * there. Each path starts from a short opened as the stock page opens one (its short machine); the
 * cover is read back and stepped back from, or confirmed and bought back whole at the market, or
 * refused (order_not_holding) because another device covered the short first. After each settled
 * step the gateway's position, orders and books must agree with the machine, and a covered short
 * with the panel's figures at the price the gateway bought back at.
 */

type Snapshot = SnapshotFrom<typeof coverMachine>
type Steps = Array<{ event: AnyEventObject; state: Snapshot }>
const COVER: CoverEvent = { type: 'COVER', order: { code: TOYOTA, num: 100 } }
// The invoke is named after its actor: cover.
const done = { type: 'xstate.done.actor.cover', output: { id: '1' } }
const refused = { type: 'xstate.error.actor.cover', error: { msg: 'order_not_holding' } }

/** What the gateway can answer in each state of the machine. */
function possible(s: Snapshot): AnyEventObject[] {
  // Only the first look leads on; the position again (stepped back, refused) ends a path.
  if (s.matches('idle')) return s.context.order === null ? [COVER] : []
  if (s.matches('confirming')) return [{ type: 'CONFIRM' }, { type: 'CANCEL' }]
  if (s.matches('covering')) return [done, refused]
  return []
}

const paths = getShortestPaths(coverMachine, {
  input: { id: '1' },
  events: possible as never,
  // The position is reached again two ways (stepped back, refused): each is a path.
  serializeState: (s, event) => {
    const { value, context } = s as Snapshot
    return JSON.stringify([value, context.error, value === 'idle' ? (event?.type ?? null) : null])
  },
  // The first step of each is the start (xstate.init); the start alone is no path to drive.
}).filter((p) => p.steps.length > 1)

let t: TestApp
let n = 0
beforeAll(async () => {
  // No credit job during a path: a day's borrow fee would move the figures under the check.
  t = await startTradingApp({ CREDIT_JOB_MS: '3600000' })
})
afterAll(() => t.stop())

const units = (text: string | null | undefined) => parseUnits(text ?? '', { signed: true }) ?? -1n

/** What the gateway must hold for short `h` (as opened) in each settled state. */
async function agrees(grant: SessionGrant, h: WireHolding, s: Snapshot) {
  const state = String(s.value)
  await expectLedgerConsistent(t.app.db)
  // The cover is on its way: the short may or may not be closed yet.
  if (state === 'covering') return
  const open = (await shortsOf(t, grant)).find((row) => row.id === h.id)
  const closed = (await endedList(t, grant))[h.id] as WireClosedHolding | undefined
  const jpy = await books(t, grant.account, 'JPY')
  const covers = (await orders(t, grant, 'done')).filter((o) => o.side === 'buy')
  // Refused because another device covered it first: closed, by that one cover alone.
  if (state === 'covered' || s.context.error === 'order_not_holding') {
    expect([open, closed?.status, jpy.frozen, covers.length], state).toEqual([undefined, 4, 0n, 1])
    const credit = h.credit ?? { debt: '0', interest: '0' }
    const estimate = coverEstimate('jp', { ...h, credit }, closed!.sell_price, await configOf(t))
    expect([units(closed!.sell_fee), units(closed!.yingkui)], state).toEqual([
      units(estimate?.fee),
      units(estimate?.realised),
    ])
    expect(jpy.available, state).toBe(START + units(estimate?.realised))
  } else {
    expect([open?.status, open?.stock_num, jpy.frozen, covers], state).toEqual([
      0,
      h.stock_num,
      units(h.frozen),
      [],
    ])
  }
}

const describePath = (steps: Steps) =>
  steps
    .slice(1)
    .map(({ event }) => {
      if ('error' in event) return 'cover refused(order_not_holding)'
      return event.type.startsWith('xstate.done.') ? 'cover ok' : event.type
    })
    .join(' → ')

describe('cover machine against the gateway (paths from xstate/graph)', () => {
  it('reaches every state of the cover, and the refusal of a short already covered', () => {
    const reached = new Set(paths.map((p) => String(p.state.value)))
    expect(reached).toEqual(new Set(Object.keys(coverMachine.root.states)))
    const errors = new Set(paths.map((p) => (p.state as Snapshot).context.error))
    expect(errors).toEqual(new Set([null, 'order_not_holding']))
  })

  for (const path of paths) {
    const steps = path.steps as Steps
    it(describePath(steps), { timeout: 30_000 }, async () => {
      const grant = await trader(t, `cvmodel${n++}x${Date.now() % 10000}`, undefined, {
        verified: true,
      })
      const id = await shortFromStock(t, grant, await largeShort(t))
      const h = (await shortsOf(t, grant)).find((row) => row.id === id)!
      const actor = createActor(liveCover(t, grant), { input: { id } }).start()
      try {
        for (const [i, { event, state }] of steps.entries()) {
          const next = steps[i + 1]?.event
          if (event.type === 'COVER') {
            // What the panel sends: the short whole, as listed.
            actor.send({ type: 'COVER', order: { code: h.code, num: h.stock_num } })
          } else if (event.type === 'CONFIRM' && next !== undefined && 'error' in next) {
            // Another device covers the short first.
            expect(await buy(t, grant, { id, num: String(h.stock_num) })).toMatchObject({
              status: 1,
            })
            actor.send({ type: 'CONFIRM' })
          } else if (!event.type.startsWith('xstate.')) {
            actor.send(event as CoverEvent)
          }
          // The call passes on by itself: check where the machine settles.
          if (next?.type.startsWith('xstate.')) continue
          await waitFor(actor, (s) => s.matches(state.value as never), { timeout: 10_000 })
          expect(actor.getSnapshot().context.error).toBe(state.context.error)
          await agrees(grant, h, actor.getSnapshot())
        }
      } finally {
        // A call still on its way lands before the next path starts.
        await waitFor(actor, (s) => !s.hasTag('busy'), { timeout: 10_000 }).catch(() => {})
        actor.stop()
      }
    })
  }
})
