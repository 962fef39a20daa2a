import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  fetchBars,
  fetchIndices,
  fetchRank,
  fetchSnapshots,
  INDICES_FRESH_MS,
  MarketApiError,
  recentIndices,
  searchMarket,
} from './market-api'

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body)
    return new Response(text, { status, headers: { 'content-type': 'application/json' } })
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

describe('the /api/market client', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('GETs the path with its query and unwraps the envelope', async () => {
    const fetchMock = answer(200, { status: 1, msg: 'ok', data: [{ time: 60 }] })
    await expect(fetchBars('7203', '1m', 1000)).resolves.toEqual([{ time: 60 }])
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/market/bars?code=7203&interval=1m&from=1000')
    answer(200, { status: 1, msg: 'ok', data: [] })
    await fetchRank('us', 'volume')
    await searchMarket('トヨタ & co')
    const urls = vi.mocked(fetch).mock.calls.map((c) => c[0])
    expect(urls).toEqual([
      '/api/market/rank?market=us&by=volume',
      '/api/market/search?q=%E3%83%88%E3%83%A8%E3%82%BF+%26+co',
    ])
  })

  it('turns a refusal into a MarketApiError carrying the message key', async () => {
    answer(404, { status: 0, msg: 'not_found' })
    const error = await fetchBars('NOPE', '1d').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(MarketApiError)
    expect((error as MarketApiError).msg).toBe('not_found')
  })

  it('reports a network failure or a non-JSON answer as network_error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    )
    await expect(searchMarket('x')).rejects.toMatchObject({ msg: 'network_error' })
    answer(502, '<html>Bad gateway</html>')
    await expect(searchMarket('x')).rejects.toMatchObject({ msg: 'network_error' })
  })

  it('passes the abort signal and rethrows the abort itself', async () => {
    const controller = new AbortController()
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init?: RequestInit) =>
          new Promise((_, reject) =>
            init?.signal?.addEventListener('abort', () =>
              reject(new DOMException('aborted', 'AbortError')),
            ),
          ),
      ),
    )
    const pending = searchMarket('x', controller.signal)
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('asks nothing for no codes', async () => {
    const fetchMock = answer(200, { status: 1, msg: 'ok', data: [] })
    await expect(fetchSnapshots([])).resolves.toEqual([])
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('keeps the indices it fetched for 10 s, for home to show without asking again', async () => {
    expect(recentIndices()).toBeUndefined()
    answer(200, { status: 1, msg: 'ok', data: [{ code: 'N225' }] })
    const quotes = await fetchIndices()
    const fetchedAt = Date.now()
    expect(recentIndices(fetchedAt)).toBe(quotes)
    expect(recentIndices(fetchedAt + INDICES_FRESH_MS - 1_000)).toEqual([{ code: 'N225' }])
    expect(recentIndices(fetchedAt + INDICES_FRESH_MS + 1_000)).toBeUndefined()
    // A failed fetch keeps the last answer (and its age) rather than forgetting it.
    answer(502, { status: 0, msg: 'price_unavailable' })
    await expect(fetchIndices()).rejects.toMatchObject({ msg: 'price_unavailable' })
    expect(recentIndices(fetchedAt)).toBe(quotes)
  })
})
