import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isMessageKey } from '@kabu/shared/api/messages'
import type { SessionGrant } from '@kabu/shared/api/user'
import { DEMO, startTestApp, type TestApp } from '../support/app'
import { session, brokerApi, brokerData, type BrokerAnswer } from '../support/broker'
import { formShape } from '../support/zod-form'
import {
  FOREIGN_FIELDS,
  formProbes,
  GZIP_BOMB,
  HUGE_BODY,
  QUERY_PROBES,
} from './bad-input.payloads'

/**
 * Every /api/vue call (as the router registered them, so new areas are covered without editing
 * this file) and every /api/market route gets hostile input. Whatever comes in: never a 500, always
 * a known message key, and nothing written. (Forms generated from each call's schema, valid-shaped
 * and broken, are every-route-fuzz.test.ts's; these are the raw bodies a schema cannot describe.)
 */

/** The GET routes of /api/market (gateway/src/market/routes.ts and API.md). */
const MARKET_ROUTES = ['/search', '/snapshot', '/bars', '/indices', '/rank', '/summary', '/depth']

let t: TestApp
let demo: SessionGrant
let before: { users: number; sessions: number; settings: number; demoHash: string }
/**
 * The people's accounts: the demo products' issuer accounts (status `issuer`) are written by the
 * products job in its own time, which on PostgreSQL may be after `before` was read.
 */
const people = async () =>
  (await t.app.db.selectFrom('users').select('id').where('status', '!=', 'issuer').execute()).length

const demoHash = async () =>
  (
    await t.app.db
      .selectFrom('users')
      .select('password_hash')
      .where('account', '=', DEMO.account)
      .executeTakeFirstOrThrow()
  ).password_hash

beforeAll(async () => {
  t = await startTestApp()
  demo = await brokerData<SessionGrant>(t.url, '/user/login', DEMO)
  before = {
    users: await people(),
    sessions: await t.count('sessions'),
    settings: await t.count('settings'),
    demoHash: await demoHash(),
  }
})
afterAll(() => t.stop())

function expectHandled(answer: BrokerAnswer, what: string): void {
  const summary = `${what} → HTTP ${answer.http} ${answer.status} ${answer.msg}`
  expect(answer.http, summary).toBeLessThan(500)
  // A file call (the ledger export) answers a request it accepts with the file, not the envelope.
  if (answer.http === 200 && answer.headers.get('content-type')?.startsWith('text/csv')) return
  expect(answer.status, summary).toBeOneOf([0, 1])
  if (answer.status === 0) expect(isMessageKey(answer.msg ?? ''), summary).toBe(true)
}

describe('bad input to every /api/vue call', () => {
  it('knows the calls it is testing', () => {
    const paths = t.app.brokerRoutes.map((r) => r.path)
    for (const known of [
      '/user/register',
      '/user/login',
      '/user/logout',
      '/user/getUserinfo',
      '/user/loginPassword',
      '/common/config',
      '/common/version',
    ]) {
      expect(paths).toContain(known)
    }
  })

  it('answers every probe, anonymous and logged in, with a known key and never a 500', async () => {
    for (const route of t.app.brokerRoutes) {
      // Logging out is what a valid session asks for, whatever the body says.
      const asDemo = route.auth && route.path !== '/user/logout'
      // The call's own fields (its schema, as the router keeps it) and some it does not expect.
      const own = route.schema ? Object.keys(formShape(route.schema)) : []
      for (const probe of formProbes([...new Set([...own, ...FOREIGN_FIELDS])])) {
        const contentType = probe.contentType ?? 'application/x-www-form-urlencoded'
        const anonymous = await brokerApi(t.url, route.path, probe.body, probe.headers, contentType)
        expectHandled(anonymous, `${route.path} ${probe.name}`)
        // A session is needed: 401, or the 4xx of a body refused before the session is read.
        if (route.auth)
          expect(anonymous.http, `${route.path} ${probe.name}`).toBeGreaterThanOrEqual(400)
        if (asDemo) {
          const headers = { ...probe.headers, ...session(demo) }
          const answer = await brokerApi(t.url, route.path, probe.body, headers, contentType)
          expectHandled(answer, `${route.path} ${probe.name} (logged in)`)
        }
      }
    }
    // Every call × every probe, twice: the calls grow with each product line (issues 36–37 added
    // some twenty), and so does this ceiling.
  }, 180_000)

  it('refuses a 10 MB body to every call with 413 invalid_input, compressed or not', async () => {
    for (const route of t.app.brokerRoutes) {
      const answer = await brokerApi(t.url, route.path, HUGE_BODY, session(demo))
      expect(answer, route.path).toMatchObject({ http: 413, status: 0, msg: 'invalid_input' })
      const bomb = await brokerApi(t.url, route.path, GZIP_BOMB, {
        ...session(demo),
        'content-encoding': 'gzip',
      })
      expect(bomb, `${route.path} gzip`).toMatchObject({
        http: 413,
        status: 0,
        msg: 'invalid_input',
      })
    }
  }, 180_000)
})

describe('bad input to every /api/market route', () => {
  it('answers with data or a 4xx and a known key, never a 500', async () => {
    for (const route of MARKET_ROUTES) {
      for (const query of QUERY_PROBES) {
        const res = await fetch(`${t.url}/api/market${route}${query}`)
        const what = `GET ${route}${query.slice(0, 60)} → ${res.status}`
        expect(res.status, what).toBeLessThan(500)
        const text = await res.text()
        if (res.status >= 400 && res.status !== 431) {
          const body = JSON.parse(text) as { status?: number; msg?: string }
          expect(body.status, what).toBe(0)
          expect(isMessageKey(body.msg ?? ''), what).toBe(true)
        }
      }
      const posted = await fetch(`${t.url}/api/market${route}`, { method: 'POST', body: HUGE_BODY })
      expect(posted.status, `POST ${route}`).toBeGreaterThanOrEqual(400)
      expect(posted.status, `POST ${route}`).toBeLessThan(500)
    }
  })
})

describe('after all of it', () => {
  it('nothing was written and the demo session still works', async () => {
    expect(await people()).toBe(before.users)
    expect(await t.count('sessions')).toBe(before.sessions)
    expect(await t.count('settings')).toBe(before.settings)
    expect(await demoHash()).toBe(before.demoHash)
    // No probe posted a customer-service message (all of them lack a valid idem or text).
    expect(await t.app.db.selectFrom('support_messages').select('id').execute()).toEqual([])
    expect((await brokerApi(t.url, '/user/getUserinfo', {}, session(demo))).status).toBe(1)
  })
})
