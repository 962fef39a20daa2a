import express from 'express'
import pino from 'pino'
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ok } from '@kabu/shared/api/envelope'
import type { BrokerCalls } from '../broker/index'
import { createBrokerRouter } from './broker-router'
import { requestLogger } from './request-log'

const pageRequest = z.object({ page: z.string().regex(/^\d+$/, 'invalid_input').transform(Number) })

/** One area with a call of each form: with its schema, and the older one without. */
let handled = 0
const area: BrokerCalls = (routes) => {
  routes.open('/with', pageRequest, async ({ input, body }) => {
    handled++
    return ok({ input, body })
  })
  routes.open('/without', async ({ input, body }) => ok({ input: input ?? 'none', body }))
  routes.authed('/mine/onlyMine', async () => ok('mine'))
}

function app() {
  const { router, routes } = createBrokerRouter({
    authenticate: async () => null,
    areas: [area],
    rateLimit: { windowMs: 60_000, limit: 100 },
  })
  const server = express()
  const log = pino({ level: 'silent' })
  server.use((req, _res, next) => {
    req.log = log
    next()
  })
  server.use('/api/vue', router)
  return { server, routes }
}

describe('the /api/vue route table', () => {
  it('keeps each call with its request schema, and null for a call registered without one', () => {
    const { routes } = app()
    expect(routes.map((r) => [r.path, r.schema])).toEqual([
      ['/with', pageRequest],
      ['/without', null],
      ['/mine/onlyMine', null],
    ])
  })

  it('parses the form with the schema before the handler, which gets the parsed input', async () => {
    const { server } = app()
    const answer = await request(server).post('/api/vue/with').type('form').send({ page: '7' })
    expect(answer.body).toEqual({
      status: 1,
      msg: 'ok',
      data: { input: { page: 7 }, body: { page: '7' } },
    })
    // The older form still works: the body as sent, no input.
    const older = await request(server).post('/api/vue/without').type('form').send({ page: 'x' })
    expect(older.body.data).toEqual({ input: 'none', body: { page: 'x' } })
  })

  it('answers a form the schema refuses with its key, and never runs the handler', async () => {
    const { server } = app()
    const before = handled
    const answer = await request(server).post('/api/vue/with').type('form').send({ page: 'x' })
    expect(handled).toBe(before)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ status: 0, msg: 'invalid_input' })
  })

  it('finds a call as Express would: any case, a trailing slash, POST only; else not found', async () => {
    const { server } = app()
    for (const path of ['/with', '/WITH', '/with/']) {
      const answer = await request(server).post(`/api/vue${path}`).type('form').send({ page: '1' })
      expect(answer.body.data?.input).toEqual({ page: 1 })
    }
    for (const path of ['/with//', '/wit', '/with/x']) {
      const answer = await request(server).post(`/api/vue${path}`).type('form').send({ page: '1' })
      expect(answer.body).toEqual({ status: 0, msg: 'not_found' })
    }
    expect((await request(server).get('/api/vue/with')).body).toEqual({
      status: 0,
      msg: 'not_found',
    })
  })

  it('asks for the session before the form: without one, 401 whatever the form', async () => {
    const { server } = app()
    const answer = await request(server).post('/api/vue/mine/onlymine').type('form').send({})
    expect(answer.status).toBe(401)
    expect(answer.body).toEqual({ status: 0, msg: 'please_login_again' })
  })
})

describe("a call's logger", () => {
  /** The router behind the real request logger, whose lines (JSON) and children are counted. */
  function logged() {
    const lines: { reqId?: string; msg?: string }[] = []
    const logger = pino(
      { level: 'info' },
      { write: (line: string) => lines.push(JSON.parse(line)) },
    )
    let children = 0
    const child = logger.child.bind(logger)
    logger.child = ((...args: Parameters<typeof child>) => {
      children++
      return child(...args)
    }) as typeof logger.child
    const says: BrokerCalls = (routes) => {
      routes.open('/quiet', async () => ok(null))
      routes.open('/says', async ({ log }) => {
        log.info('said')
        return ok(null)
      })
      routes.open('/own', async (call) => ok(Object.keys(call)))
    }
    const { router } = createBrokerRouter({
      authenticate: async () => null,
      areas: [says],
      rateLimit: { windowMs: 60_000, limit: 100 },
    })
    const server = express()
    server.use(requestLogger(logger))
    server.use('/api/vue', router)
    return { server, lines, children: () => children }
  }

  it('is made only for a call that logs, and carries the request id it answers with', async () => {
    const { server, lines, children } = logged()
    await request(server).post('/api/vue/quiet').type('form').send({})
    // A pino child per call was a measurable part of an order's CPU (tests/load/orders.ts).
    expect(children()).toBe(0)
    const answer = await request(server).post('/api/vue/says').type('form').send({})
    expect(children()).toBe(1)
    const said = lines.find((l) => l.msg === 'said')
    expect(said?.reqId).toBe(answer.headers['x-request-id'])
  })

  it("is the call's prototype's getter, not the call object's own", async () => {
    // An own getter (a new closure per call) gives each call object a map of its own in V8's old
    // space, which keeps the call's request and answer alive past the young-generation collections.
    const { server } = logged()
    const answer = await request(server).post('/api/vue/own').type('form').send({})
    expect(answer.body.data).toEqual(expect.arrayContaining(['body', 'input', 'user', 'ip']))
    expect(answer.body.data).not.toContain('log')
  })
})
