import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createActor, waitFor, type AnyEventObject, type SnapshotFrom } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import type { SessionGrant } from '@kabu/shared/api/user'
import { parseUnits } from '@kabu/shared/money/decimal'
import {
  priceShort,
  shortRules,
  type ShortDraft,
} from '../../client/src/features/stock/short-draft'
import { shortMachine, type ShortEvent } from '../../client/src/features/stock/short.machine'
import type { TestApp } from '../support/app'
import { expectLedgerConsistent } from '../support/invariants'
import { configOf, largeShort, liveShort, LOT, shortsOf } from './short-model.driver'
import { books, sell, START, startTradingApp, TOYOTA, trader } from './trading.support'

/**
 * Model-based test of the stock page's short machine (信用新規売り) against a real gateway: the
 * paths come from the machine (`xstate/graph`), with at each state only what the gateway can
 * answer there. A short of about 60 % of the wallet at the lowest leverage is read back and opened;
 * half a lot is refused by the ticket's check of the gateway's lot; the same short opened first
 * from another device leaves too little cash (insufficient_balance, back to the ticket); a user
 * without verified identity is refused for good (realname_required) and edits again. After each
 * settled step the gateway's shorts and books must agree with the machine, and an opened short
 * with the ticket's figures at the price the gateway sold at.
 */

type Snapshot = SnapshotFrom<typeof shortMachine>
type Steps = Array<{ event: AnyEventObject; state: Snapshot }>
/** The refusal of a short by a user whose identity is not verified: a short borrows. */
const UNVERIFIED = 'realname_required'
// The model's one lot stands for the driver's large short (largeShort), at the lowest leverage.
const submit = (lots: number): ShortEvent => ({ type: 'SUBMIT', draft: { lots, leverage: 1 } })
// The invokes are named after their actors: validate, open.
const done = (actor: string, output: unknown) => ({ type: `xstate.done.actor.${actor}`, output })
const refused = (actor: string, msg: string) => ({
  type: `xstate.error.actor.${actor}`,
  error: { msg },
})
const refusedWith = (event: AnyEventObject, msg: string) =>
  (event as { error?: { msg: string } }).error?.msg === msg

/** What the gateway can answer in each state of the machine. */
function possible(s: Snapshot): AnyEventObject[] {
  const { draft } = s.context
  // Only the first ticket leads on; the ticket again (back, refused, edited) is where a path ends.
  if (s.matches('ticket')) return draft === null ? [submit(1), submit(0.5)] : []
  if (s.matches('validating'))
    return [
      Number.isInteger(draft?.lots)
        ? done('validate', { shares: 100 })
        : refused('validate', 'lot_size'),
    ]
  if (s.matches('confirming')) return [{ type: 'CONFIRM' }, { type: 'CANCEL' }]
  if (s.matches('submitting'))
    return [
      done('open', { id: '1' }),
      refused('open', 'insufficient_balance'),
      refused('open', UNVERIFIED),
    ]
  if (s.matches('refused')) return [{ type: 'EDIT' }]
  return []
}

const paths = getShortestPaths(shortMachine, {
  events: possible as never,
  // The ticket is reached four ways besides the start (back, refused by the check, refused by the
  // gateway, edited after a final refusal): each is a path. Half a lot is checked apart.
  serializeState: (s, event) => {
    const { value, context } = s as Snapshot
    const how = value === 'ticket' ? (event?.type ?? null) : null
    return JSON.stringify([value, context.error, how, context.draft?.lots ?? null])
  },
  // The first step of each is the start (xstate.init); the start alone is no path to drive.
}).filter((p) => p.steps.length > 1)

let t: TestApp
let n = 0
beforeAll(async () => {
  t = await startTradingApp()
})
afterAll(() => t.stop())

const units = (text: string | null | undefined) => parseUnits(text ?? '') ?? -1n
const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n)

/** What the gateway must hold in each settled state; `raced` is the other device's short. */
async function agrees(grant: SessionGrant, s: Snapshot, raced: string | null) {
  const state = String(s.value)
  // The open call is on its way: the short may or may not be there yet.
  if (state === 'submitting') return expectLedgerConsistent(t.app.db)
  const shorts = await shortsOf(t, grant)
  const jpy = await books(t, grant.account, 'JPY')
  // The books are what the list says: each short's margin frozen, its margin and fee paid out.
  expect(jpy.frozen, state).toBe(sum(shorts.map((h) => units(h.frozen))))
  expect(jpy.available, state).toBe(
    START - sum(shorts.map((h) => units(h.frozen) + units(h.buy_fee))),
  )
  await expectLedgerConsistent(t.app.db)
  const mine = shorts.filter((h) => h.id !== raced)
  expect(shorts.length - mine.length, "the other device's short").toBe(raced === null ? 0 : 1)
  expect(
    mine.map((h) => h.id),
    state,
  ).toEqual(state === 'opened' ? [s.context.positionId] : [])
  if (state !== 'opened') return
  const [h] = mine
  const draft = s.context.draft!
  const rules = shortRules('jp', LOT, '0', await configOf(t))
  const priced = priceShort(draft, rules, Number(h!.buy_price))
  if (!priced.ok) throw new Error(priced.msg)
  expect([h!.stock_num, h!.leverage, units(h!.frozen), units(h!.buy_fee)]).toEqual([
    s.context.estimate!.shares,
    draft.leverage,
    units(priced.estimate.margin),
    units(priced.estimate.fee),
  ])
}

const describePath = (steps: Steps) =>
  steps
    .slice(1)
    .map(({ event }) => {
      const e = event as { type: string; draft?: ShortDraft; error?: { msg: string } }
      if (e.draft) return e.draft.lots === 1 ? 'SUBMIT(large short)' : 'SUBMIT(half a lot)'
      if (e.error) return `${e.type.replace(/^xstate\.error\.actor\./, '')} refused(${e.error.msg})`
      if (e.type.startsWith('xstate.done.'))
        return `${e.type.replace(/^xstate\.done\.actor\./, '')} ok`
      return e.type
    })
    .join(' → ')

/** Events the machine gets by itself (an actor ends): no send. */
const automatic = (event: AnyEventObject | undefined) => event?.type.startsWith('xstate.') ?? false

describe('short machine against the gateway (paths from xstate/graph)', () => {
  it('reaches every state it settles in, and each refusal the gateway can give', () => {
    const reached = new Set(paths.map((p) => String(p.state.value)))
    const states = Object.keys(shortMachine.root.states)
    // routingRefusal only passes a refusal on (always): no path settles there.
    expect(states.filter((s) => !reached.has(s))).toEqual(['routingRefusal'])
    // Where each refusal leaves the user: a fixable one at the ticket, identity's at the outcome.
    const after = Object.fromEntries(
      paths
        .filter((p) => p.steps.at(-1)!.event.type.startsWith('xstate.error.'))
        .map((p) => [(p.state as Snapshot).context.error, String(p.state.value)]),
    )
    expect(after).toEqual({
      lot_size: 'ticket',
      insufficient_balance: 'ticket',
      [UNVERIFIED]: 'refused',
    })
  })

  it.todo(
    'uncovered: submitting → confirming on network_error or too_frequent (RETRY_REFUSALS); a running gateway answers /trade/sell with neither',
  )

  for (const path of paths) {
    const steps = path.steps as Steps
    it(describePath(steps), { timeout: 30_000 }, async () => {
      const race = steps.some((s) => refusedWith(s.event, 'insufficient_balance'))
      // Identity is verified where the gateway is to open a short, or would but for the cash;
      // elsewhere a plain user answers alike and is quicker to make.
      const verified = race || steps.some((s) => s.event.type === 'xstate.done.actor.open')
      const grant = await trader(t, `shmodel${n++}x${Date.now() % 10000}`, undefined, { verified })
      const draft = await largeShort(t)
      let raced: string | null = null
      const actor = createActor(liveShort(t, grant)).start()
      try {
        for (const [i, { event, state }] of steps.entries()) {
          if (event.type === 'SUBMIT') {
            const { lots } = (event as ShortEvent & { type: 'SUBMIT' }).draft
            actor.send({
              type: 'SUBMIT',
              draft: { ...draft, lots: lots === 1 ? draft.lots : lots },
            })
          } else if (event.type === 'CONFIRM' && race) {
            // The same short, opened first from another device, takes the cash it needs.
            const other = await sell(t, grant, {
              type: 'jpy',
              code: TOYOTA,
              num: String(draft.lots * LOT),
              leverage: String(draft.leverage),
            })
            expect(other.status).toBe(1)
            raced = (other.data as { id: string }).id
            actor.send(event as ShortEvent)
          } else if (!automatic(event)) {
            actor.send(event as ShortEvent)
          }
          // Busy states pass on by themselves: check where the machine settles.
          if (automatic(steps[i + 1]?.event)) continue
          await waitFor(actor, (s) => s.matches(state.value as never), { timeout: 10_000 })
          expect(actor.getSnapshot().context.error).toBe(state.context.error)
          await agrees(grant, actor.getSnapshot(), raced)
        }
      } finally {
        // A call still on its way lands before the next path starts.
        await waitFor(actor, (s) => !s.hasTag('busy'), { timeout: 10_000 }).catch(() => {})
        actor.stop()
      }
    })
  }
})
