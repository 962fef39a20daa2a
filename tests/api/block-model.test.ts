import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  assign,
  createActor,
  fromCallback,
  fromPromise,
  waitFor,
  type AnyEventObject,
  type AnyMachineSnapshot,
} from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import type { BlockOffer } from '@kabu/shared/api/block'
import type { SessionGrant } from '@kabu/shared/api/user'
import { parseUnits } from '@kabu/shared/money/decimal'
import { blockMachine, type BlockEvent } from '../../client/src/features/block/block.machine'
import type { TestApp } from '../support/app'
import { FUND_PASSWORD } from '../support/identity'
import { expectLedgerConsistent } from '../support/invariants'
import { session, brokerApi, brokerData } from '../support/broker'
import {
  approveBlock,
  blockBuyer,
  booksOf,
  closeWindow,
  myBlocks,
  newOffer,
  rejectBlock,
  startBlockApp,
} from './block.support'
import { pollGateway } from '../support/poll'
import { reviewVerdict } from '../support/review-verdict'

/**
 * Model-based test of the block machine against a real gateway: paths to every state come from
 * the machine (`xstate/graph`); each is driven on the same machine wired to the gateway over HTTP,
 * with a fresh buyer and a fresh offer. A review step closes the offer's window (so its lots are
 * allocated) and has the operator decide; after every step the gateway must agree with the state.
 */

let t: TestApp
let n = 0
beforeAll(async () => {
  t = await startBlockApp()
})
afterAll(() => t.stop())

// The guard reads the loaded offer; the graph walks the machine with one that passes it.
const modelOffer: BlockOffer = {
  id: '1',
  code: '7203',
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
const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.load', output: { offer: modelOffer, available: '1000000' } },
  { type: 'SUBMIT', num: '100', fundPassword: FUND_PASSWORD },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'xstate.done.actor.submit', output: { id: '1' } },
  { type: 'REVIEWED', status: 'approved' },
  { type: 'REVIEWED', status: 'rejected', reason: 'declined' },
  { type: 'NEW' },
]

const paths = getShortestPaths(blockMachine, { events: events as never })

/** Whether the user's newest request is pending (0), approved (1), rejected (2) or absent. */
const EXPECTED: Record<string, number | null> = {
  editing: null,
  confirming: null,
  pendingReview: 0,
  approved: 1,
  rejected: 2,
}

function live(grant: SessionGrant, offerId: string) {
  const call = async <T>(path: string, form: Record<string, string>) => {
    const answer = await brokerApi(t.url, path, form, session(grant))
    if (answer.status !== 1) throw { msg: answer.msg }
    return answer.data as T
  }
  return blockMachine.provide({
    actors: {
      load: fromPromise(async () => ({
        offer: await brokerData<BlockOffer>(
          t.url,
          '/trade/blockinfo',
          { id: offerId },
          session(grant),
        ),
        available:
          (
            await brokerData<Record<string, string>>(
              t.url,
              '/user/getUserinfo',
              { type: 'jpy' },
              session(grant),
            )
          ).jpy ?? '0',
      })),
      submit: fromPromise(({ input }) =>
        call<{ id: string }>('/trade/blockbuy', {
          id: input.id,
          num: String(input.num),
          fund_password: input.fundPassword,
          idem: input.idem,
        }),
      ),
      // The real request, asked often: the verdict reaches the machine from the gateway.
      watchReview: fromCallback(({ sendBack, input }) => {
        // The 'decided' list holds decided requests only: a row found is a verdict.
        return pollGateway(
          () => myBlocks(t, grant, 'decided'),
          reviewVerdict(input.id, sendBack, () => true),
        )
      }),
    },
    actions: { newIdem: assign({ idem: () => randomUUID() }) },
  })
}

async function agrees(
  grant: SessionGrant,
  offer: BlockOffer,
  state: string,
  s: AnyMachineSnapshot,
) {
  if (!(state in EXPECTED)) return
  const pending = await myBlocks(t, grant, 'pending')
  const decided = await myBlocks(t, grant, 'decided')
  const newest = [...pending, ...decided].sort((a, b) => Number(b.id) - Number(a.id))[0]
  const open = state === 'editing' || state === 'confirming'
  // Free to ask again means nothing pending; a request decided before NEW may be listed.
  expect(open ? (pending[0]?.status ?? null) : (newest?.status ?? null), state).toBe(
    EXPECTED[state],
  )
  const frozen = (await booksOf(t, grant.account)).frozen
  expect(frozen, state).toBe(state === 'pendingReview' ? parseUnits(offer.price)! * 100n : 0n)
  if (state === 'rejected') expect(s.context.reason).toBe('declined')
  await expectLedgerConsistent(t.app.db)
}

describe('block machine against the gateway (paths from xstate/graph)', () => {
  it('covers every state of a block buy', () => {
    const reached = new Set(paths.map((p) => String(p.state.value)))
    for (const state of Object.keys(EXPECTED)) expect(reached).toContain(state)
  })

  for (const path of paths) {
    const name = path.steps
      .map(
        ({ event }) =>
          event.type.replace(/^xstate\./, '') +
          ('status' in event ? `(${String(event.status)})` : ''),
      )
      .join(' → ')
    it(name || 'start', async () => {
      const grant = await blockBuyer(t, `bmodel${n++}x${Date.now() % 10000}`)
      const offer = await newOffer(t)
      const actor = createActor(live(grant, offer.id)).start()
      try {
        const steps = path.steps as Array<{ event: AnyEventObject; state: { value: unknown } }>
        for (const step of steps) {
          const target = String(step.state.value)
          const { event } = step
          if (event.type === 'REVIEWED') {
            const id = (actor.getSnapshot().context as { orderId: string }).orderId
            closeWindow(t, offer)
            const answer =
              event.status === 'approved'
                ? await approveBlock(t, id)
                : await rejectBlock(t, id, 'declined')
            expect(answer.status).toBe(1)
          } else if (!event.type.startsWith('xstate.')) {
            actor.send(event as BlockEvent)
          }
          await waitFor(actor, (s) => s.matches(target as never), { timeout: 10_000 })
          await agrees(grant, offer, target, actor.getSnapshot())
        }
      } finally {
        actor.stop()
      }
    })
  }
})
