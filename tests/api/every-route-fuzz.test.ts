import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isMessageKey } from '@kabu/shared/api/messages'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { TestApp } from '../support/app'
import { stateChanges, userState } from '../support/user-state'
import { session, brokerApi } from '../support/broker'
import { FORM_HINTS as HINTS } from '../support/form-hints'
import { encodeForm, malformedForm, validForm, type FieldHints } from '../support/zod-form'
import { catalogue, fullUser, makeWorld, startStillApp } from './cross-user.support'
import { OWNED, PUBLIC, idFieldsOf, idsOf, kindOf } from './id-kinds'
import { credit, userIdOf } from './trading.support'

/**
 * Every /api/vue call, as the router registered it, gets forms generated from its own request
 * schema (tests/support/zod-form.ts): forms the schema accepts and forms broken from them. Whatever
 * comes in: never a 5xx, always a known message key, and nothing about the caller changes in the
 * store unless the answer is status:1. New calls are covered without being listed here. The caller
 * owns one of everything (cross-user.support.ts), and an id field is offered the caller's own ids of
 * its kind (id-kinds.ts) beside generated ones, so broken forms reach real orders, cards, loans...
 *
 * The world holds still so that any change is the call's own: quotes are the test's (none pushed,
 * so no resting order fills between calls), reviews wait for an operator, and the clock sits on a
 * bank-day morning with no accrual, draw or close due while the test runs.
 */

/** Inputs per call and kind (valid-shaped, malformed); FUZZ_RUNS raises it for a deeper run. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 10)

/** Calls this test does not send as the fuzzing user, and why. */
const NOT_FUZZED: Record<string, string> = {
  // Any form logs out (it reads none): the rest of the run would be anonymous. bad-input covers it.
  '/user/logout': 'ends the session it is sent with',
}

let t: TestApp
let fuzzer: SessionGrant
let fuzzerId: bigint

beforeAll(async () => {
  t = await startStillApp()
  // A user who can do everything and has one of everything.
  fuzzer = await fullUser(t, 'fuzzer01')
  fuzzerId = await userIdOf(t, fuzzer.account)
  // No passkey: a second factor would refuse the fuzzer's withdrawals and card changes before
  // their work (the passkey calls still get their forms; cross-user.test.ts registers one).
  await makeWorld(t, fuzzer, await catalogue(t), { passkey: false })
}, 120_000)

/** The generic hints, and each id field offered the fuzzer's own ids of its kind. */
async function hintsFor(route: (typeof t.app.brokerRoutes)[number]): Promise<FieldHints> {
  const hints: FieldHints = { ...HINTS }
  for (const field of idFieldsOf(route)) {
    const kind = kindOf(route.path, field)
    if (kind === undefined || kind === 'idem') continue
    const mine =
      kind in OWNED
        ? await idsOf(t, OWNED[kind as keyof typeof OWNED].table, 'id', fuzzerId)
        : await idsOf(t, PUBLIC[kind as keyof typeof PUBLIC], 'id')
    if (mine.length) hints[field] = fc.constantFrom(...mine)
  }
  return hints
}
afterAll(() => t.stop())

describe('forms from every call schema', () => {
  it('every call declares its request schema, and each one can be generated', () => {
    const routes = t.app.brokerRoutes
    expect(routes.length).toBeGreaterThan(60)
    const undeclared = routes.filter((r) => r.schema === null).map((r) => r.path)
    // Register the call as routes.authed(path, schema, handler): its form is then fuzzed here.
    expect(undeclared, 'calls registered without a request schema').toEqual([])
    for (const route of routes) {
      expect(fc.sample(validForm(route.schema!, HINTS), 3)).toHaveLength(3)
      expect(fc.sample(malformedForm(route.schema!, HINTS), 3)).toHaveLength(3)
    }
  })

  it('would see a change: the snapshot catches money moved and a row written', async () => {
    const before = await userState(t, fuzzerId)
    await credit(t, fuzzer.account, 'JPY', '1')
    const changes = stateChanges(before, await userState(t, fuzzerId))
    expect(changes.map((c) => c.split(':')[0])).toEqual(
      expect.arrayContaining(['ledger_accounts', 'ledger_entries', 'ledger_transactions']),
    )
  })

  it('answers every form with a known key, never a 5xx, and changes nothing without status:1', async () => {
    const figures = { routes: 0, inputs: 0, ok: 0, refused: 0 }
    const okCalls = new Set<string>()
    for (const route of t.app.brokerRoutes) {
      if (route.path in NOT_FUZZED || !route.schema) continue
      figures.routes++
      const headers = route.auth ? session(fuzzer) : {}
      const hints = await hintsFor(route)
      const form = fc.oneof(validForm(route.schema, hints), malformedForm(route.schema, hints))
      await fc.assert(
        fc.asyncProperty(form, async (body) => {
          const before = await userState(t, fuzzerId)
          const answer = await brokerApi(t.url, route.path, encodeForm(body), headers)
          const after = await userState(t, fuzzerId)
          const what = `${route.path} ${JSON.stringify(body).slice(0, 300)} → HTTP ${answer.http} ${answer.status} ${answer.msg}`
          figures.inputs++
          expect(answer.http, what).toBeLessThan(500)
          // A file call (the ledger export) answers a form it accepts with the file, not the
          // envelope; it only reads, so it too must change nothing.
          if (route.file && answer.http === 200 && answer.status === undefined) {
            expect(answer.headers.get('content-type'), what).toMatch(/^text\/csv/)
            expect(stateChanges(before, after), `${what}: a file call changed something`).toEqual(
              [],
            )
            figures.ok++
            okCalls.add(route.path)
            return
          }
          expect(answer.status, what).toBeOneOf([0, 1])
          if (answer.status === 1) {
            figures.ok++
            okCalls.add(route.path)
            return
          }
          figures.refused++
          expect(isMessageKey(answer.msg ?? ''), what).toBe(true)
          expect(stateChanges(before, after), `${what}: changed without status:1`).toEqual([])
        }),
        { numRuns: RUNS * 2 },
      )
    }
    console.info(
      `every-route fuzz: ${figures.routes} calls, ${figures.inputs} forms, ` +
        `${figures.ok} status:1 over ${okCalls.size} calls, ${figures.refused} refused`,
    )
    // Generated forms reach the calls' work, not only their schemas' refusals.
    expect(okCalls.size).toBeGreaterThan(figures.routes / 2)
    // And the user is still logged in and whole.
    expect(
      (await brokerApi(t.url, '/user/getUserinfo', { type: 'jpy' }, session(fuzzer))).status,
    ).toBe(1)
  }, 300_000)
})
