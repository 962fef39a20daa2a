import { randomUUID } from 'node:crypto'
import { assign, fromPromise, type AnyEventObject } from 'xstate'
import type { Wallet } from '@kabu/shared/api/ledger'
import { formatUnits, parseUnits } from '@kabu/shared/money/decimal'
import { checkShort } from '../../../client/src/features/stock/short-draft'
import { shortMachine, type ShortContext } from '../../../client/src/features/stock/short.machine'
import { needsOf, same, type QaModel } from '../model'
import { describePath } from '../model-paths'
import type { QaStep } from '../paths'
import { caller, inBankWindow, verifiedWithYen } from './live'
import { CODE, quoteOf } from './order-market'
import { lowestLeverage, shortRulesOn, shortsOf } from './short-market'

/**
 * The stock page's credit short sale (信用新規売り, spec §4 stock credit): one lot of Toyota at the
 * ticket's lowest leverage, checked against the live price and the wallet as the ticket checks it
 * (half a lot refused by the check), read back and stepped back from, or confirmed and opened at
 * the last price; a user whose identity is not verified is refused for good (realname_required)
 * and edits the ticket again. The user's open shorts and the yen frozen for them are checked in
 * each state, and an opened short's shares and leverage against the ticket's estimate.
 */

const FUNDED = '1000000'
const UNVERIFIED = 'realname_required'
// One lot at leverage 1 stands for the driver's: the lowest leverage the target offers.
const submit = (lots: number) => ({ type: 'SUBMIT', draft: { lots, leverage: 1 } })
const done = (actor: string, output: unknown) => ({ type: `xstate.done.actor.${actor}`, output })
const refused = (actor: string, msg: string) => ({
  type: `xstate.error.actor.${actor}`,
  error: { msg },
})

type Snapshot = { matches: (v: never) => boolean; context: ShortContext }

/** What the user and the gateway can do in each state (as tests/api/short-model.test.ts). */
function events(s: Snapshot): AnyEventObject[] {
  const at = (v: string) => s.matches(v as never)
  const { draft } = s.context
  // Only the first ticket leads on; the ticket again (back, refused, edited) ends a path.
  if (at('ticket')) return draft === null ? [submit(1), submit(0.5)] : []
  if (at('validating'))
    return [
      Number.isInteger(draft?.lots)
        ? done('validate', { shares: 100 })
        : refused('validate', 'lot_size'),
    ]
  if (at('confirming')) return [{ type: 'CONFIRM' }, { type: 'CANCEL' }]
  if (at('submitting')) return [done('open', { id: '1' }), refused('open', UNVERIFIED)]
  if (at('refused')) return [{ type: 'EDIT' }]
  return []
}

const unverified = (steps: QaStep[]) =>
  steps.some((s) => (s.event as { error?: { msg: string } }).error?.msg === UNVERIFIED)
const units = (text: string | undefined) => parseUnits(text ?? '0') ?? 0n

export const shortModel: QaModel = {
  name: 'short',
  source: 'client/src/features/stock/short.machine.ts',
  machine: shortMachine,
  events: events as unknown as QaModel['events'],
  // The ticket is reached several ways (back, refused by the check, edited): each is a path.
  serializeState: (s, event) => {
    const { value, context } = s as unknown as Snapshot & { value: unknown }
    const how = value === 'ticket' ? ((event as AnyEventObject | undefined)?.type ?? null) : null
    return JSON.stringify([value, context.error, how, context.draft?.lots ?? null])
  },
  describe: (steps) =>
    describePath({
      steps: steps.map(({ event }) => ({
        event: event.type === 'SUBMIT' ? { type: `SUBMIT(${event.draft.lots} lot)` } : event,
      })),
    }),
  // Funding (and the identity, but for the refusal's user) goes through the back office.
  needs: needsOf(['ops']),
  async start(kit, steps) {
    const { target } = kit
    // The refusal's user never verified an identity: a short borrows shares.
    const grant = unverified(steps)
      ? await kit.accounts.fresh()
      : await verifiedWithYen(kit, FUNDED)
    if (unverified(steps)) {
      // As much as an unverified user may deposit: enough for one lot at the lowest leverage.
      const most = (await target.config()).get('deposit_max_unverified_jpy') ?? FUNDED
      await inBankWindow(kit, 'deposit_window')
      await kit.accounts.fund(grant, most)
    }
    const call = caller(target, grant)
    const leverage = await lowestLeverage(target)
    return {
      grant,
      machine: shortMachine.provide({
        actors: {
          // short.live.ts: the quote of the moment, the rules read fresh, the ticket's check.
          validate: fromPromise(async ({ input }) => {
            const quote = await quoteOf(target)
            const check = checkShort(input, await shortRulesOn(target, grant), quote.price)
            if (!check.ok) throw { msg: check.msg }
            return check.estimate
          }),
          open: fromPromise(({ input }) =>
            call<{ id: string }>('/trade/sell', {
              type: 'jpy',
              code: CODE,
              num: String(input.num),
              leverage: String(input.leverage),
              idem: input.idem,
            }),
          ),
        },
        actions: { newIdem: assign({ idem: () => randomUUID() }) },
      }),
      async act(event, { actor }) {
        if (event.type !== 'SUBMIT') return false
        actor.send({ type: 'SUBMIT', draft: { lots: event.draft.lots, leverage } })
        return true
      },
      async agrees(state, snapshot) {
        // The open call is on its way: the short may or may not be there yet.
        if (state === 'submitting') return
        const context = snapshot.context as ShortContext
        const shorts = await shortsOf(target, grant)
        const opened = state === 'opened'
        same(
          shorts.map((h) => h.id),
          opened ? [context.positionId] : [],
          `${state}: the open shorts`,
        )
        const yen = (await call<Wallet[]>('/user/wallets')).find((w) => w.currency === 'JPY')
        const frozen = shorts.reduce((sum, h) => sum + units(h.frozen), 0n)
        same(yen?.frozen, formatUnits(frozen), `${state}: the yen frozen for the shorts`)
        if (opened)
          same(
            [shorts[0]?.stock_num, shorts[0]?.leverage],
            [context.estimate?.shares, context.draft?.leverage],
            'the short against the ticket',
          )
      },
      async stop() {
        // Bought back: nothing of the kit's stays borrowed.
        for (const h of await shortsOf(target, grant))
          await call('/trade/buy', {
            type: 'jpy',
            code: h.code,
            num: String(h.stock_num),
            id: h.id,
            idem: randomUUID(),
          })
      },
    }
  },
}
