import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { isMessageKey } from '@kabu/shared/api/messages'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { TestApp } from '../support/app'
import { newUser, uploadId } from '../support/identity'
import { stateChanges, userState } from '../support/user-state'
import { session, brokerApi, type BrokerAnswer } from '../support/broker'
import { encodeForm, formShape, type FormBody } from '../support/zod-form'
import {
  ALICE_READS,
  catalogue,
  formsFor,
  fullUser,
  makeWorld,
  startStillApp,
} from './cross-user.support'
import {
  ID_FIELDS,
  OWNED,
  PUBLIC,
  idFieldsOf,
  idsOf as idsIn,
  kindOf,
  mentions,
  type Kind,
} from './id-kinds'
import { userIdOf } from './trading.support'

/**
 * Cross-user access, walked from the route table: every /api/vue call whose form takes an id is
 * sent by Bob with each of Alice's ids of that kind. Bob gets a refusal or an answer about his own
 * things only; Alice's rows and reads are the same after; never a 5xx. A call added later that takes
 * an id is found by its schema: this test fails until the id's kind is named in id-kinds.ts and
 * cross-user.support.ts makes one, so new calls are covered without being listed one by one.
 */

let t: TestApp
let alice: SessionGrant
let bob: Caller
let aliceId: bigint
/** Alice's ids of each owned kind, and the catalogue's of each public kind. */
const ids = new Map<Kind, string[]>()

const idsOf = (table: string, column: string, userId?: bigint) => idsIn(t, table, column, userId)

let carols = 0
/** A user who has only uploaded photos: the calls of someone not yet verified. */
async function newCarol(): Promise<Caller> {
  const grant = await newUser(t, `carol${String(++carols).padStart(3, '0')}`)
  for (const kind of ['id_front', 'id_back', 'voucher', 'support']) await uploadId(t, grant, kind)
  return { grant, id: await userIdOf(t, grant.account) }
}

async function keyRows(userId: bigint, idem: string): Promise<number> {
  const rows = await t.app.db
    .selectFrom('idempotency_keys')
    .select('idem')
    .where('user_id', '=', userId)
    .where('idem', '=', idem)
    .execute()
  return rows.length
}

type Route = (typeof t.app.brokerRoutes)[number]
interface Caller {
  grant: SessionGrant
  id: bigint
}
interface Figures {
  sent: number
  refused: number
  own: number
}

/**
 * The caller sends the call's forms with each of Alice's ids in `field`, then the same forms with
 * the caller's own ids of the kind: an answer that differs shows the refusal was about whose the id
 * is, not the rest of the form. True when it did.
 */
async function tryAlicesIds(
  caller: Caller,
  route: Route,
  field: string,
  kind: Kind,
  figures: Figures,
): Promise<boolean> {
  const owned = kind in OWNED && kind !== 'idem'
  const forms = (await companions(caller, route, field))
    .flatMap((theirOwn) => formsFor(route.schema!, field).map((form) => ({ ...form, ...theirOwn })))
    .slice(0, 12)
  const refusals = new Map<FormBody, string>()
  for (const id of ids.get(kind)!.slice(0, 4)) {
    for (const base of forms) {
      const answer = await sendAs(caller, route, { ...base, [field]: id }, field)
      figures.sent++
      if (answer.status === 0) {
        figures.refused++
        refusals.set(base, answer.msg ?? '')
        continue
      }
      figures.own++
      const what = `${caller.grant.account} ${route.path} ${field}=${id} (Alice's ${kind}) → status:1`
      // An answer of the caller's own: nothing in it names Alice or her things of this kind.
      const theirs = new Set(owned ? ids.get(kind) : [])
      expect(mentions(answer.data, alice.account, theirs), what).toEqual([])
      // Alice's order, card, conversation...: nobody else may act on it or read it.
      if (owned) expect.fail(`${what}: used Alice's ${kind}`)
      // Alice's idempotency key: the command ran as the caller's own (their key row), no replay.
      if (kind === 'idem') expect(await keyRows(caller.id, id), what).toBeGreaterThan(0)
    }
  }
  if (!owned) return false
  const own = await idsOf(OWNED[kind as keyof typeof OWNED].table, 'id', caller.id)
  for (const id of own.slice(0, 8)) {
    for (const base of forms) {
      const answer = await sendAs(caller, route, { ...base, [field]: id }, field)
      if (answer.status === 1 || (refusals.has(base) && refusals.get(base) !== answer.msg)) {
        return true
      }
    }
  }
  return false
}

/**
 * The call's other id fields (a photo's back beside its front, a picture beside a thread) set to the
 * caller's own ids, each way they can be: what stays in the form while `field` is being tried.
 */
async function companions(caller: Caller, route: Route, field: string): Promise<FormBody[]> {
  let sets: FormBody[] = [{}]
  for (const other of idFieldsOf(route)) {
    const kind = kindOf(route.path, other)
    if (other === field || kind === undefined || kind === 'idem' || !(kind in OWNED)) continue
    const mine = await idsOf(OWNED[kind as keyof typeof OWNED].table, 'id', caller.id)
    if (!mine.length) continue
    sets = sets.flatMap((set) => mine.slice(0, 4).map((id) => ({ ...set, [other]: id })))
  }
  return sets
}

/**
 * A caller sends a form: never a 5xx, a known key when refused, and Alice's rows the same after. A
 * command's idempotency key is fresh unless the key is what is being tried.
 */
async function sendAs(
  caller: Caller,
  route: Route,
  form: FormBody,
  field: string,
): Promise<BrokerAnswer> {
  const sent: FormBody = { ...form }
  if ('idem' in formShape(route.schema!) && field !== 'idem') sent.idem = randomUUID()
  const before = await userState(t, aliceId)
  const answer = await brokerApi(
    t.url,
    route.path,
    encodeForm(sent),
    route.auth ? session(caller.grant) : {},
  )
  const what = `${caller.grant.account} ${route.path} ${JSON.stringify(sent)} → HTTP ${answer.http} ${answer.status} ${answer.msg}`
  expect(answer.http, what).toBeLessThan(500)
  expect(answer.status, what).toBeOneOf([0, 1])
  if (answer.status === 0) expect(isMessageKey(answer.msg ?? ''), what).toBe(true)
  expect(stateChanges(before, await userState(t, aliceId)), `${what}: Alice changed`).toEqual([])
  return answer
}

async function aliceReads(): Promise<string[]> {
  const answers: string[] = []
  for (const [path, form] of ALICE_READS) {
    const answer = await brokerApi(t.url, path, form, session(alice))
    expect(answer.status, `Alice reads ${path}: ${answer.msg}`).toBe(1)
    answers.push(`${path} ${JSON.stringify(answer.data)}`)
  }
  return answers
}

beforeAll(async () => {
  t = await startStillApp()
  alice = await fullUser(t, 'alice001')
  const bobGrant = await fullUser(t, 'bobby001')
  bob = { grant: bobGrant, id: await userIdOf(t, bobGrant.account) }
  aliceId = await userIdOf(t, alice.account)
  const offers = await catalogue(t)
  // Both make the same world, so Bob has his own of everything and a refusal is about ownership.
  await makeWorld(t, alice, offers)
  await makeWorld(t, bobGrant, offers)
  for (const [kind, where] of Object.entries(OWNED)) {
    ids.set(kind as Kind, await idsOf(where.table, where.column, aliceId))
  }
  for (const [kind, table] of Object.entries(PUBLIC))
    ids.set(kind as Kind, await idsOf(table, 'id'))
}, 120_000)
afterAll(() => t.stop())

describe('cross-user access over every call that takes an id', () => {
  it('knows the kind of every id a call takes, and has one of each to try', () => {
    const unknown: string[] = []
    const used = new Set<Kind>()
    for (const route of t.app.brokerRoutes) {
      expect(route.schema, `${route.path} declares no request schema`).not.toBeNull()
      for (const field of idFieldsOf(route)) {
        const kind = kindOf(route.path, field)
        if (kind) used.add(kind)
        else unknown.push(`${route.path} ${field}`)
      }
    }
    // A new call takes an id: name its kind in ID_FIELDS (and make one in cross-user.support.ts).
    expect(unknown, 'id fields of no known kind').toEqual([])
    // No entry names a call or field that is gone.
    const live = new Set(
      t.app.brokerRoutes.flatMap((r) => idFieldsOf(r).map((f) => `${r.path} ${f}`)),
    )
    expect(Object.keys(ID_FIELDS).filter((k) => !live.has(k))).toEqual([])
    for (const kind of used)
      expect(ids.get(kind)?.length ?? 0, `ids of kind ${kind}`).toBeGreaterThan(0)
  })

  it('would stop at a call added with an id of a kind it cannot make', () => {
    const added = {
      path: '/trade/orderNote',
      schema: z.object({ order_id: z.string(), text: z.string() }),
    }
    expect(idFieldsOf(added)).toEqual(['order_id'])
    expect(kindOf(added.path, 'order_id')).toBeUndefined()
    const byPattern = { path: '/x', schema: z.object({ ref: z.string().regex(/^[1-9]\d{0,18}$/) }) }
    expect(idFieldsOf(byPattern)).toEqual(['ref'])
  })

  it("others with Alice's ids: refused or their own, Alice untouched, never a 5xx", async () => {
    const readsBefore = await aliceReads()
    const figures = {
      calls: 0,
      fields: 0,
      sent: 0,
      refused: 0,
      own: 0,
      decided: [] as string[],
      undecided: [] as string[],
    }
    for (const route of t.app.brokerRoutes) {
      const fields = idFieldsOf(route)
      if (!fields.length) continue
      figures.calls++
      for (const field of fields) {
        figures.fields++
        const kind = kindOf(route.path, field)!
        // Bob has all Alice has; Carol has only uploads (the calls of a user not yet verified).
        let decided = false
        for (const caller of [bob, 'carol'] as const) {
          // A new Carol each time: her first successful call (sending her identity) changes her.
          const who = caller === 'carol' ? await newCarol() : caller
          decided ||= await tryAlicesIds(who, route, field, kind, figures)
          if (decided || !(kind in OWNED) || kind === 'idem') break
        }
        const where = `${route.path} ${field}`
        if (kind in OWNED && kind !== 'idem') figures[decided ? 'decided' : 'undecided'].push(where)
      }
    }
    expect(await aliceReads()).toEqual(readsBefore)
    console.info(
      `cross-user: ${figures.calls} calls, ${figures.fields} id fields, ${figures.sent} requests ` +
        `with another user's ids, ${figures.refused} refused, ${figures.own} answered with the ` +
        `caller's own; refusal shown to be about ownership on ${figures.decided.length} of ` +
        `${figures.decided.length + figures.undecided.length} owned-id fields`,
    )
    // Each refusal of someone else's id was about whose it is: the caller's own id, in the same
    // form, was answered otherwise (so a form refused for another reason proves nothing here).
    expect(figures.undecided, 'owned-id fields never shown to check ownership').toEqual([])
    expect(figures.calls).toBeGreaterThanOrEqual(20)
  }, 300_000)
})
