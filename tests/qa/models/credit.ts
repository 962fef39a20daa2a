import { randomUUID } from 'node:crypto'
import { assign, fromCallback, fromPromise, type AnyEventObject } from 'xstate'
import type { WireCreditRequest } from '@kabu/shared/api/credit'
import { HOLDING } from '@kabu/shared/api/trade'
import { formatUnits, parseUnits } from '@kabu/shared/money/decimal'
import { creditEvents$ } from '../../../client/src/features/position/credit-watch'
import {
  creditMachine,
  type CreditContext,
  type CreditEvent,
} from '../../../client/src/features/position/credit.machine'
import { needsOf, same, type QaModel } from '../model'
import { describePath } from '../model-paths'
import { caller, userFeedOn, verifiedWithYen } from './live'
import { CODE, holdingOf, LOT } from './order-market'
import { fillSoon, restingSellOf, sellHolding } from './order-moves'

/**
 * A credit position's screen (issue 14, spec §4's stock credit): one lot of Toyota bought on
 * credit at three times leverage for the path (the house lends two thirds). Trust funds are asked
 * for (`/trade/ustocks`), confirmed or cancelled, refused by the machine for a zero amount or by the
 * gateway for more than the position owes (`credit_over_debt`), and reviewed by the back office
 * (kind `credit`), the verdict heard on the `/user` socket by the client's own credit watch; asked
 * again after either verdict. The position ends by the user's own sale past the 15-minute lock,
 * at a limit over the market then moved under it (closed, heard as the holding's `trade:updated`).
 * A margin call, its being met and the system's liquidation need the market to fall a sixth and
 * more: the kit cannot move the market over the wire, so they are not driven. The holding's row,
 * the debt and the newest request are checked in each state.
 */

const FUNDED = '1000000'
const LEVERAGE = '3'
const TRUST = '10000'
/** More than one lot of Toyota could ever owe at a third of its price: the gateway refuses it. */
const OVER = '99999999'
const REASON = 'qa_declined'
const add = (credit: string) => ({ type: 'ADD', credit })
const done = (output: unknown) => ({ type: 'xstate.done.actor.submit', output })
const refused = (msg: string) => ({ type: 'xstate.error.actor.submit', error: { msg } })
const verdict = (status: 'approved' | 'rejected') => ({
  type: 'VERDICT',
  requestId: 'R',
  status,
  ...(status === 'rejected' ? { reason: REASON } : {}),
})

type Snapshot = { matches: (v: never) => boolean; context: CreditContext }

/** What the user and the gateway can do in each state (the market's own moves left out). */
function events(s: Snapshot): AnyEventObject[] {
  const at = (v: Record<string, string>) => s.matches(v as never)
  const { error, credit } = s.context
  if (at({ position: 'closed' })) return []
  const waiting = ['confirming', 'submitting', 'pending'].some((t) => at({ trustFunds: t }))
  const sale = waiting ? [] : [{ type: 'CLOSED' }]
  if (at({ trustFunds: 'idle' }))
    return error === null ? [add(TRUST), add('0'), add(OVER), ...sale] : sale
  if (at({ trustFunds: 'applied' }) || at({ trustFunds: 'rejected' }))
    return error === null ? [add(TRUST), add('0'), ...sale] : sale
  if (at({ trustFunds: 'confirming' })) return [{ type: 'CONFIRM' }, { type: 'CANCEL' }]
  if (at({ trustFunds: 'submitting' }))
    return [credit === OVER ? refused('credit_over_debt') : done({ id: 'R' })]
  if (at({ trustFunds: 'pending' })) return [verdict('approved'), verdict('rejected')]
  return []
}

/** The newest request's status in each trust-funds state that has one. */
const REQUEST: Record<string, number> = { pending: 0, applied: 1, rejected: 2 }
const units = (text: string) => parseUnits(text) ?? 0n
const amountOf = (credit: unknown) =>
  credit === OVER ? '(over)' : credit === '0' ? '(0)' : `(${String(credit)})`

export const creditModel: QaModel = {
  name: 'credit',
  source: 'client/src/features/position/credit.machine.ts',
  machine: creditMachine,
  input: { id: 'held', deadline: null, ended: false },
  events: events as unknown as QaModel['events'],
  // The amount matters only until the gateway answered it (done or refused).
  serializeState: (s) => {
    const { error, credit } = s.context as CreditContext
    const asking =
      s.matches({ trustFunds: 'confirming' }) || s.matches({ trustFunds: 'submitting' })
    return JSON.stringify([s.value, error, asking && credit === OVER])
  },
  // The amount asked for names the path: a zero or an excessive one is a path of its own.
  describe: (steps) =>
    describePath({
      steps: steps.map(({ event }) => ({
        event: event.type === 'ADD' ? { type: `ADD${amountOf(event.credit)}` } : event,
      })),
    }),
  // The refusal of an excessive amount would come again: it ends its path.
  keep: (steps) => {
    const i = steps.findIndex((s) => s.event.type === 'xstate.error.actor.submit')
    return i === -1 || i === steps.length - 1
  },
  // Funding and every verdict go through the back office; the sale waits out the lock.
  needs: needsOf(['ops'], { CLOSED: ['clock'] }),
  automatic: (e) => e.type === 'VERDICT' || e.type === 'CLOSED',
  async start(kit) {
    const { target } = kit
    const grant = await verifiedWithYen(kit, FUNDED)
    const call = caller(target, grant)
    const form = { type: 'jpy', code: CODE, num: String(LOT), leverage: LEVERAGE }
    const { id } = await call<{ id: string }>('/trade/buy', { ...form, idem: randomUUID() })
    const requests = () => call<WireCreditRequest[]>('/trade/ustockslist', { type: 'jpy' })
    const bought = await holdingOf(target, grant, id)
    if (!bought?.credit) throw new Error(`the buy at ${LEVERAGE}x left no credit position`)
    const debt = units(bought.credit.debt)
    const feed$ = userFeedOn(target, grant)
    return {
      grant,
      input: { id, deadline: null, ended: false },
      machine: creditMachine.provide({
        actors: {
          submit: fromPromise(({ input }) => call<{ id: string }>('/trade/ustocks', input)),
          // The client's own watch (credit.live.ts) on the target's socket and lists.
          watch: fromCallback<CreditEvent, { id: string }>(({ sendBack, input }) => {
            const readCall = async () => {
              const h = await holdingOf(target, grant, input.id)
              if (!h?.credit || h.status === HOLDING.closed || h.status === HOLDING.cancelled)
                return undefined
              const { call_deadline: deadline, call_amount: amount } = h.credit
              return deadline === null
                ? ({ type: 'MET' } as const)
                : ({ type: 'CALLED', deadline, amount } as const)
            }
            const watch = creditEvents$(input.id, feed$, readCall).subscribe(sendBack)
            return () => watch.unsubscribe()
          }),
        },
        actions: { newIdem: assign({ idem: () => randomUUID() }) },
      }),
      async act(event, { actor }) {
        if (event.type === 'VERDICT') {
          const request = (actor.getSnapshot().context as CreditContext).requestId
          if (event.status === 'approved')
            await target.ops('POST', `/reviews/credit/${request}/approve`)
          else await target.ops('POST', `/reviews/credit/${request}/reject`, { reason: REASON })
          return true
        }
        if (event.type === 'CLOSED') {
          // Sold whole at a limit over the market, then moved under it: the matcher's fill is
          // what pushes the holding's trade:updated (a sale at the market closes it in the call
          // and pushes none the credit watch hears).
          await sellHolding(kit, grant, id, 'limit over')
          const resting = await restingSellOf(target, grant, CODE)
          if (resting) await fillSoon(target, grant, resting.id, 'limit down')
          return true
        }
        return false
      },
      async agrees(_state, snapshot) {
        const at = (v: Record<string, string>) => snapshot.matches(v as never)
        const context = snapshot.context as CreditContext
        const row = await holdingOf(target, grant, id)
        if (at({ position: 'closed' })) same(row?.status, HOLDING.closed, 'closed: the holding')
        else
          same(
            [row?.status, row?.credit?.call_deadline],
            [HOLDING.holding, null],
            'healthy: the holding, its call',
          )
        // Submitting: the request may or may not be written yet.
        if (at({ trustFunds: 'submitting' })) return
        const all = await requests()
        const newest = all[0]
        const state = Object.keys(REQUEST).find((t) => at({ trustFunds: t }))
        if (state) {
          same(newest?.id, context.requestId, `${state}: the request heard of`)
          same(newest?.status, REQUEST[state], `${state}: the request`)
        } else same(newest?.status === 0, false, 'no request waiting')
        if (at({ trustFunds: 'rejected' })) same(context.reason, REASON, 'the reason shown')
        if (!at({ position: 'closed' })) {
          // What every approved request applied paid the debt down by (no day's interest in a path).
          const applied = all.reduce((sum, r) => sum + units(r.applied ?? '0'), 0n)
          const owed = row?.credit ? formatUnits(units(row.credit.debt)) : null
          same(owed, formatUnits(debt - applied), 'the debt')
        }
      },
    }
  },
}
