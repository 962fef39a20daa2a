import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assign, fromCallback, fromPromise, type AnyMachineSnapshot } from 'xstate'
import type { ExchangeRate, ExchangeResult } from '@kabu/shared/api/funds'
import type { Wallet } from '@kabu/shared/api/ledger'
import type { SessionGrant } from '@kabu/shared/api/user'
import {
  exchangeMachine,
  type ExchangeContext,
  type ExchangeEvent,
} from '../../client/src/features/exchange/exchange.machine'
import { quoteFor } from '../../client/src/features/exchange/quote'
import type { TestApp } from '../support/app'
import { newUser } from '../support/identity'
import { expectLedgerConsistent } from '../support/invariants'
import { session, brokerApi, brokerData } from '../support/broker'
import { describePath, drivePath, modelPaths, type ModelDriver } from '../qa/model-paths'
import { fund, startFundsApp, wallets } from './funds.support'
import { pollGateway } from '../support/poll'

/**
 * Model-based test of the exchange machine against a real gateway: paths to every state come from
 * the machine (`xstate/graph`), each driven on the same machine wired to the gateway over HTTP
 * for a user holding 100,000 yen. After every step the gateway's wallets must agree, and what the
 * exchange paid must be what the screen quoted from the machine's rates.
 */

let t: TestApp
let n = 0
beforeAll(async () => {
  t = await startFundsApp()
})
afterAll(() => t.stop())

const FUNDED = '100000'
const MONEY = '10000'

const paths = modelPaths(exchangeMachine, [
  // Something loaded: a NEW exchange starts from a load that is not the first one.
  { type: 'xstate.done.actor.load', output: { rates: [{ from: 'JPY', to: 'USD' }], wallets: [] } },
  { type: 'SUBMIT', draft: { from: 'JPY', to: 'USD', money: MONEY } },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'xstate.done.actor.submit', output: { id: '1', got: '1' } },
  { type: 'xstate.error.actor.submit', error: { msg: 'insufficient_balance' } },
  { type: 'NEW' },
])

function driverFor(): ModelDriver {
  let grant: SessionGrant
  const rates = () => brokerData<ExchangeRate[]>(t.url, '/user/exchangeRates', {}, session(grant))
  return {
    async live() {
      grant = await newUser(t, `xmodel${n++}x${Date.now() % 10000}`)
      await fund(t, grant, FUNDED)
      return exchangeMachine.provide({
        actors: {
          load: fromPromise(async () => ({
            rates: await rates(),
            wallets: await brokerData<Wallet[]>(t.url, '/user/wallets', {}, session(grant)),
          })),
          submit: fromPromise(async ({ input }) => {
            const { from, to, money, idem } = input
            const form = { from, to, money, idem }
            const answer = await brokerApi(t.url, '/user/exchange', form, session(grant))
            if (answer.status !== 1) throw { msg: answer.msg }
            return answer.data as ExchangeResult
          }),
          // The real rates, asked often, as the screen asks them now and then.
          ratesFeed: fromCallback<ExchangeEvent>(({ sendBack }) => {
            return pollGateway(rates, (list) => sendBack({ type: 'RATES', rates: list }), 200)
          }),
        },
        actions: { newIdem: assign({ idem: () => randomUUID() as string | null }) },
      })
    },
    submit: (refused) => ({
      type: 'SUBMIT',
      // More yen than the user holds: the gateway refuses it.
      draft: { from: 'JPY', to: 'USD', money: refused ? '200000' : MONEY },
    }),
    decide() {
      throw new Error('nobody reviews an exchange')
    },
    async agrees(state, snapshot: AnyMachineSnapshot) {
      if (state === 'loading' || state === 'submitting') return
      const context = snapshot.context as ExchangeContext
      const held = await wallets(t, grant)
      const seen = [held.JPY?.available, held.USD?.available ?? '0']
      if (state === 'done') {
        // The screen promised what the exchange paid, and the wallets moved by as much.
        const quoted = quoteFor(context.rates, 'JPY', 'USD', MONEY)?.got
        expect(context.result?.got).toBe(quoted)
        expect(seen).toEqual([String(Number(FUNDED) - Number(MONEY)), context.result?.got])
      } else {
        expect(seen, state).toEqual([FUNDED, '0'])
        const shown = context.wallets.find((w) => w.currency === 'JPY')?.available
        expect(shown, 'the wallet the form shows').toBe(FUNDED)
      }
      if (state === 'confirming' && context.error)
        expect(context.error).toBe('insufficient_balance')
      await expectLedgerConsistent(t.app.db)
    },
  }
}

describe('exchange machine against the gateway (paths from xstate/graph)', () => {
  it('covers every state of the exchange, and the refusal', () => {
    const reached = new Set(paths.map((p) => String(p.state.value)))
    expect(reached).toEqual(new Set(['loading', 'editing', 'confirming', 'submitting', 'done']))
    const errors = paths.map((p) => (p.state.context as ExchangeContext).error)
    expect(errors).toContain('insufficient_balance')
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const visited = await drivePath(driverFor(), path)
      expect(visited.at(-1)).toBe(String(path.state.value))
    })
  }
})
