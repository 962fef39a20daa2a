import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../support/app'

/** GET /api/market/search over a real gateway: readings in kana, romaji and pinyin (issue 5). */
let t: TestApp

beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.stop())

async function search(q: string, limit = 20) {
  const url = `${t.url}/api/market/search?q=${encodeURIComponent(q)}&limit=${limit}`
  const res = await fetch(url)
  const body = (await res.json()) as {
    status: number
    msg?: string
    data?: Array<{ code: string }>
  }
  return { http: res.status, body, codes: body.data?.map((d) => d.code) ?? [] }
}

describe('GET /api/market/search by reading', () => {
  it.each([
    ['トヨタ', '7203'],
    ['とよた', '7203'],
    ['toyota', '7203'],
    ['にんてんどう', '7974'],
    ['nintendou', '7974'],
    ['ﾕﾆｸﾛ', '9983'],
    ['ゆにくろ', '9983'],
    ['gzmt', '600519'],
    ['GZMT', '600519'],
    ['guizhou', '600519'],
    ['贵州茅台', '600519'],
    ['あっぷる', 'AAPL'],
    ['szzs', '000001.SH'],
  ])('finds %s first as %s', async (q, code) => {
    const { http, codes } = await search(q)
    expect(http).toBe(200)
    expect(codes[0]).toBe(code)
  })

  it('finds every Mitsubishi by its reading typed in hiragana', async () => {
    expect((await search('みつびし', 50)).codes.sort()).toEqual(['7011', '8058', '8306'])
  })

  it('refuses an empty or oversized query with invalid_input', async () => {
    for (const q of ['', ' ', 'x'.repeat(65)]) {
      const { http, body } = await search(q)
      expect(http).toBe(400)
      expect(body).toEqual({ status: 0, msg: 'invalid_input' })
    }
  })
})
