import { randomUUID } from 'node:crypto'
import { assign, fromCallback, fromPromise } from 'xstate'
import type { BlockOffer, BlockOrder } from '@kabu/shared/api/block'
import type { Wallet } from '@kabu/shared/api/ledger'
import { formatUnits, parseUnits } from '@kabu/shared/money/decimal'
import { blockMachine, type BlockContext } from '../../../client/src/features/block/block.machine'
import { blockVerdict$ } from '../../../client/src/features/block/block-watch'
import { FUND_PASSWORD } from '../accounts'
import { same, type QaModel } from '../model'
import { describePath } from '../model-paths'
import type { QaStep } from '../paths'
import { Refused } from '../target'
import { caller, moveClockTo, userEventsOn, verifiedWithYen } from './live'
import { CODE } from './order-market'
import { decideFirst, keepRefusalLast, reviewed } from './reviews'

/**
 * A block buy (立会外分売, spec §4) of one lot of Toyota from an offer the back office posts for
 * the path (`POST /api/ops/block`, its window open for a few minutes): the offer and the yen
 * loaded, a draft confirmed (the price frozen), pending review, then approved (a holding at the
 * block price; the window must have closed first, so the kit moves the clock past it) or rejected
 * with the reason (the money unfrozen). A wrong fund password is the refusal. The user's request
 * and the wallet are checked in each state. A request the allocation left without lots: the offer
 * has one lot and another of the kit's users asked for it first, so the published rule (shares
 * rounded down, the lot left over to the earliest request) gives the path's user none; the
 * operator's approval is refused (`block_not_allocated`) and the request rejected with that reason.
 */

const FUNDED = '1000000'
const SHARES = '100'
const WINDOW_MS = 3 * 60_000
// What the graph walks with: an open offer the stand-in draft fits (the driver loads the real one).
const standIn: BlockOffer = {
  id: '1',
  code: CODE,
  name: { ja: '', zh: '', en: '' },
  market: 'jp',
  currency: 'JPY',
  price: '1000',
  prev_close: '1030',
  discount: '2.91',
  lot: 100,
  available: 1000,
  requested: 0,
  min_buy: 100,
  max_buy: 500,
  opens_at: 0,
  closes_at: 1,
  open: true,
  phase: 'open',
  simulated: false,
}

/** The rejection of a request left without lots (the reason the auto policy gives it too). */
const UNALLOCATED = 'block_not_allocated'
const unallocated = (s: QaStep) => s.event.type === 'REVIEWED' && s.event.reason === UNALLOCATED
const approves = (s: QaStep) => s.event.type === 'REVIEWED' && s.event.status === 'approved'
const yenOf = (wallets: Wallet[]) => wallets.find((w) => w.currency === 'JPY')
const minus = (a: string, b: string) => formatUnits(parseUnits(a)! - parseUnits(b)!)

export const blockModel: QaModel = {
  name: 'block',
  source: 'client/src/features/block/block.machine.ts',
  machine: blockMachine,
  events: [
    { type: 'xstate.done.actor.load', output: { offer: standIn, available: FUNDED } },
    { type: 'SUBMIT', num: SHARES, fundPassword: FUND_PASSWORD },
    { type: 'CONFIRM' },
    { type: 'CANCEL' },
    { type: 'NEW' },
    { type: 'xstate.done.actor.submit', output: { id: '1' } },
    { type: 'xstate.error.actor.submit', error: { msg: 'wrong_fund_password' } },
    ...reviewed('declined'),
    { type: 'REVIEWED', status: 'rejected', reason: UNALLOCATED },
  ],
  describe: (steps) =>
    describePath({
      steps: steps.map((s) => ({
        event: unallocated(s) ? { type: 'REVIEWED', status: 'rejected:unallocated' } : s.event,
      })),
    }),
  keep: keepRefusalLast,
  // The offer, the identity and the funding are the back office's; an approval waits for the
  // window's close, which only a moved clock brings within a path.
  needs: (steps) => (steps.some(approves) || steps.some(unallocated) ? ['ops', 'clock'] : ['ops']),
  automatic: (e) => e.type === 'REVIEWED',
  async start(kit, steps) {
    const { target } = kit
    const grant = await verifiedWithYen(kit, FUNDED)
    // Left without lots: a rival of the kit's own, funded before the window opens (a deposit may
    // move the clock to the bank window), asks first for the offer's one lot.
    const rival = steps.some(unallocated) ? await verifiedWithYen(kit, FUNDED) : undefined
    const { now } = await target.ops<{ now: string }>('GET', '/clock')
    const offer = await target.ops<BlockOffer>('POST', '/block', {
      code: CODE,
      lots: rival ? 1 : 10,
      max_lots: rival ? 1 : 5,
      closes_at: Date.parse(now) + WINDOW_MS,
    })
    const rivalCall = rival && caller(target, rival)
    const rivalId = rivalCall
      ? (
          await rivalCall<{ id: string }>('/trade/blockbuy', {
            id: offer.id,
            num: SHARES,
            fund_password: FUND_PASSWORD,
            idem: randomUUID(),
          })
        ).id
      : undefined
    const call = caller(target, grant)
    const orders = async () => [
      ...(await call<BlockOrder[]>('/trade/userblocklist', { type: 'jpy', status: 'pending' })),
      ...(await call<BlockOrder[]>('/trade/userblocklist', { type: 'jpy', status: 'decided' })),
    ]
    const events$ = userEventsOn(target, grant)
    return {
      grant,
      machine: blockMachine.provide({
        actors: {
          load: fromPromise(async () => {
            const info = await call<Record<string, string>>('/user/getUserinfo', { type: 'jpy' })
            const loaded = await call<BlockOffer>('/trade/blockinfo', { id: offer.id })
            return { offer: loaded, available: info.jpy ?? '0' }
          }),
          submit: fromPromise(({ input }) =>
            call<{ id: string }>('/trade/blockbuy', {
              id: input.id,
              num: String(input.num),
              fund_password: input.fundPassword,
              idem: input.idem,
            }),
          ),
          watchReview: fromCallback(({ sendBack, input }) => {
            const read = () =>
              call<BlockOrder>('/trade/userblockinfo', { id: input.id }).catch(() => undefined)
            const watch = blockVerdict$(input.id, events$, read).subscribe(sendBack)
            return () => watch.unsubscribe()
          }),
        },
        actions: { newIdem: assign({ idem: () => randomUUID() }) },
      }),
      async act(event, { actor, steps: all, index }) {
        if (event.type === 'SUBMIT') {
          const refused = all[index + 2]?.event.type === 'xstate.error.actor.submit'
          actor.send({ ...event, fundPassword: refused ? '135790' : FUND_PASSWORD })
          return true
        }
        // Lots are allocated when the window closes; only then may an operator approve.
        if (event.type === 'REVIEWED' && event.status === 'approved')
          await moveClockTo(kit, offer.closes_at + 1_000)
        if (event.type === 'REVIEWED' && event.reason === UNALLOCATED) {
          // The window closed: the operator's queue shows the lots allocated (listing it
          // allocates a closed offer), none to this request, and approving it must be refused.
          await moveClockTo(kit, offer.closes_at + 1_000)
          const id = (actor.getSnapshot() as { context: BlockContext }).context.orderId
          const queue = await target.ops<Array<{ id: string; allocated: number | null }>>(
            'GET',
            '/reviews?kind=block&status=pending',
          )
          same(
            [
              queue.find((r) => r.id === id)?.allocated,
              queue.find((r) => r.id === rivalId)?.allocated,
            ],
            [0, Number(SHARES)],
            "the operator's queue: shares allocated to the path's user, to the rival",
          )
          const approval = await target.ops('POST', `/reviews/block/${id}/approve`).then(
            () => 'approved',
            (error: unknown) => (error instanceof Refused ? error.msg : String(error)),
          )
          same(approval, UNALLOCATED, 'approving a request left without lots')
        }
        return decideFirst(kit, 'block', event, actor, 'orderId')
      },
      async stop() {
        // The rival's request, allocated the lot, is not the path's: rejected, its yen unfrozen.
        if (rivalId)
          await target.ops('POST', `/reviews/block/${rivalId}/reject`, { reason: 'qa: rival' })
      },
      async agrees(state, snapshot) {
        if (state === 'loading' || state === 'submitting') return
        const context = snapshot.context as BlockContext
        const rows = await orders()
        const yen = yenOf(await call<Wallet[]>('/user/wallets'))
        const row = rows.find((r) => r.id === context.orderId)
        const paid = rows.filter((r) => r.status === 1).map((r) => r.paid ?? '0')
        const spent = paid.reduce((sum, p) => formatUnits(parseUnits(sum)! + parseUnits(p)!), '0')
        if (state === 'editing' || state === 'confirming')
          same(
            [rows.filter((r) => r.status === 0).length, yen?.frozen, yen?.available],
            [0, '0', minus(FUNDED, spent)],
            `${state}: pending requests, yen frozen, available`,
          )
        if (state === 'pendingReview')
          same(
            [row?.status, row?.num, yen?.frozen],
            [0, Number(SHARES), row?.money],
            'pending: the request, yen frozen',
          )
        if (state === 'approved') {
          same(
            [row?.status, row?.allocated, row?.holding_id !== null, yen?.frozen],
            [1, Number(SHARES), true, '0'],
            'approved: the request, shares allocated, a holding, yen frozen',
          )
          same(yen?.available, minus(FUNDED, row?.paid ?? '0'), 'approved: yen available')
        }
        if (state === 'rejected') {
          const reason = rivalCall ? UNALLOCATED : 'declined'
          same(
            [row?.status, row?.reason, context.reason, yen?.frozen, yen?.available],
            [2, reason, reason, '0', FUNDED],
            'rejected: the request, its reason, yen',
          )
        }
        if (state === 'rejected' && rivalCall) {
          // The one lot went to the earlier request: the rival's, still pending.
          const theirs = await rivalCall<BlockOrder>('/trade/userblockinfo', { id: rivalId })
          same(
            [row?.allocated, theirs.allocated],
            [0, Number(SHARES)],
            'left without lots: shares allocated to the path user, to the rival',
          )
        }
      },
    }
  },
}
