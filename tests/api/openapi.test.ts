import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../support/app'

/**
 * `GET /api/docs` answers the broker API's OpenAPI 3.1 document, made from the route table: every
 * registered call appears at its full path with the form its schema parses (gateway/src/http/openapi.ts).
 */
let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.stop())

const FORM = 'application/x-www-form-urlencoded'

interface Operation {
  security: unknown[]
  requestBody: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> }
}
interface Document {
  openapi: string
  info: { version: string }
  paths: Record<string, { post: Operation }>
}

describe('GET /api/docs', () => {
  it('lists every registered call, each with its form and whether it needs a session', async () => {
    const res = await fetch(`${t.url}/api/docs`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    const doc = (await res.json()) as Document
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.info.version).toBe(t.app.config.appVersion)

    const registered = t.app.vueRoutes.map((r) => `/api/vue${r.path}`)
    expect(registered.length).toBeGreaterThan(50)
    expect(Object.keys(doc.paths).sort()).toEqual([...registered].sort())
    for (const route of t.app.vueRoutes) {
      const op = doc.paths[`/api/vue${route.path}`]!.post
      expect(op.security.length > 0, route.path).toBe(route.auth)
      const media = route.path === '/common/upload' ? 'multipart/form-data' : FORM
      expect(Object.keys(op.requestBody.content), route.path).toEqual([media])
    }

    const buy = doc.paths['/api/vue/trade/buy']!.post
    const form = buy.requestBody.content[FORM]!.schema
    expect(Object.keys(form.properties ?? {})).toEqual(
      expect.arrayContaining(['type', 'code', 'num', 'idem']),
    )
  })
})
