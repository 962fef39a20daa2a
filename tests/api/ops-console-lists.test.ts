import type { OpsProduct } from '@kabu/shared/api/follow'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../support/app'
import { ops } from './ops-client'
import { ADMIN, REVIEWER, operatorLogin, opsAs } from './operators.support'
import { newProduct, startProductApp } from './follow.support'

/**
 * The back-office lists the console's pages read: `GET /api/ops/products` (every follow product,
 * newest first, closed ones too) and `GET /api/ops/operators` (the people and their roles).
 */
let t: TestApp
let reviewerToken: string
beforeAll(async () => {
  t = await startProductApp()
  reviewerToken = await operatorLogin(t, REVIEWER)
})
afterAll(() => t.stop())

describe('GET /api/ops/products', () => {
  it('lists every product newest first with who made it, to an admin and a reviewer alike', async () => {
    const first = await newProduct(t, { issuer_code: 'list-a' })
    const second = await newProduct(t, {
      issuer_code: 'list-b',
      name: { ja: '二番', zh: '第二', en: 'Second' },
    })
    for (const bearer of [null, reviewerToken]) {
      const answer =
        bearer === null
          ? await ops(t.url, 'GET', '/products')
          : await opsAs(t, bearer, 'GET', '/products')
      expect(answer.status, String(bearer)).toBe(1)
      const rows = answer.data as OpsProduct[]
      // The product job may list a simulated product between the two: each one's place is what counts.
      const ids = rows.map((p) => p.id)
      expect(ids.filter((id) => id === first.id || id === second.id)).toEqual([second.id, first.id])
      expect(ids).toEqual([...ids].sort((a, b) => Number(b) - Number(a)))
      expect(rows.find((p) => p.id === second.id)).toMatchObject({
        name: { en: 'Second' },
        phase: 'open',
        capacity: second.capacity,
        remaining: second.remaining,
        created_by: expect.any(String) as string,
      })
      expect(typeof rows.find((p) => p.id === second.id)?.created).toBe('number')
    }
  })

  it('keeps a product past its deadline in the list, closed', async () => {
    const product = await newProduct(t, { issuer_code: 'list-c' })
    t.app.clock.set(product.deadline + 60_000)
    try {
      const rows = (await ops(t.url, 'GET', '/products')).data as OpsProduct[]
      expect(rows.find((p) => p.id === product.id)).toMatchObject({
        phase: 'closed',
        remaining: '0',
      })
    } finally {
      t.app.clock.set(product.opens_at)
    }
  })

  it('pages by 50 and refuses a page that is not a small positive number', async () => {
    expect((await ops(t.url, 'GET', '/products?page=2')).data).toEqual([])
    for (const page of ['0', '-1', 'abc', '1e3', '9999999']) {
      const answer = await ops(t.url, 'GET', `/products?page=${page}`)
      expect(answer, page).toMatchObject({ http: 400, status: 0, msg: 'invalid_input' })
    }
  })

  it('answers no caller without a token', async () => {
    expect((await ops(t.url, 'GET', '/products', undefined, null)).http).toBe(401)
  })
})

describe('GET /api/ops/operators', () => {
  it('lists the operators with their roles, never a password', async () => {
    const admin = await operatorLogin(t, ADMIN)
    const answer = await opsAs(t, admin, 'GET', '/operators')
    expect(answer.status).toBe(1)
    const rows = answer.data as Array<Record<string, unknown>>
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ login: ADMIN.login, role: 'admin', disabled: false }),
        expect.objectContaining({ login: REVIEWER.login, role: 'reviewer', disabled: false }),
      ]),
    )
    expect(rows.every((r) => typeof r.created_at === 'number')).toBe(true)
    expect(JSON.stringify(rows)).not.toMatch(/hash|password|argon/i)
  })
})
