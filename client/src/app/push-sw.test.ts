import { readFileSync } from 'node:fs'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'

/**
 * public/push-sw.js runs in the service worker, outside the build: here it runs as the worker runs
 * it, with a fake `self` (its registration and clients), and each event is dispatched by hand.
 */
const script = readFileSync(new URL('../../public/push-sw.js', import.meta.url), 'utf8')
const SCOPE = 'https://kabu.example/'

interface FakeWindow {
  url: string
  focused: boolean
  navigated: string[]
  focus(): Promise<FakeWindow>
  navigate(url: string): Promise<FakeWindow>
}

function worker(windows: FakeWindow[] = []) {
  const listeners: Record<string, (event: unknown) => void> = {}
  const shown: Array<{ title: string; options: Record<string, unknown> }> = []
  const opened: string[] = []
  const self = {
    addEventListener: (type: string, listener: (event: unknown) => void) =>
      void (listeners[type] = listener),
    registration: {
      scope: SCOPE,
      showNotification: async (title: string, options: Record<string, unknown>) =>
        void shown.push({ title, options }),
    },
    clients: {
      matchAll: async () => windows,
      openWindow: async (url: string) => void opened.push(url),
    },
  }
  runInNewContext(script, { self, URL })
  /** Dispatches an event; resolves once what it handed to waitUntil has. */
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let pending: Promise<unknown> = Promise.resolve()
    listeners[type]?.({ ...event, waitUntil: (p: Promise<unknown>) => void (pending = p) })
    await pending
  }
  return { shown, opened, dispatch, listens: Object.keys(listeners).sort() }
}

const window = (url: string): FakeWindow => {
  const w: FakeWindow = {
    url,
    focused: false,
    navigated: [],
    focus: async () => ((w.focused = true), w),
    navigate: async (to) => (w.navigated.push(to), w),
  }
  return w
}

const pushOf = (payload: unknown) => ({
  data: { text: () => (typeof payload === 'string' ? payload : JSON.stringify(payload)) },
})

describe('the service worker’s push handlers', () => {
  it('listens to push and notificationclick', () => {
    expect(worker().listens).toEqual(['notificationclick', 'push'])
  })

  it('shows a push as a notification that keeps its deep link', async () => {
    const w = worker()
    const payload = {
      type: 'fills',
      title: '約定しました',
      body: '7203 買 100株 @2345',
      url: '#/position/order?type=jpy&id=5',
    }
    await w.dispatch('push', pushOf(payload))
    expect(w.shown).toEqual([
      {
        title: '約定しました',
        options: expect.objectContaining({
          body: '7203 買 100株 @2345',
          data: { url: '#/position/order?type=jpy&id=5', type: 'fills' },
        }),
      },
    ])
  })

  it('still shows something for a push it cannot read (a push must be visible)', async () => {
    const w = worker()
    await w.dispatch('push', pushOf('not json'))
    await w.dispatch('push', {})
    expect(w.shown.map((s) => s.title)).toEqual(['Kabu Mobile', 'Kabu Mobile'])
  })

  it('opens the deep link in a new window when the app is not open', async () => {
    const w = worker()
    let closed = false
    await w.dispatch('notificationclick', {
      notification: { data: { url: '#/mine/dividends' }, close: () => void (closed = true) },
    })
    expect(closed).toBe(true)
    expect(w.opened).toEqual(['https://kabu.example/#/mine/dividends'])
  })

  it('focuses an open window of the app and takes it to the deep link', async () => {
    const open = window('https://kabu.example/#/home/home')
    const w = worker([window('https://elsewhere.example/'), open])
    await w.dispatch('notificationclick', {
      notification: { data: { url: '#/quotes/info?code=7203' }, close: () => undefined },
    })
    expect(open.focused).toBe(true)
    expect(open.navigated).toEqual(['https://kabu.example/#/quotes/info?code=7203'])
    expect(w.opened).toEqual([])
  })

  it('never opens another site, whatever the payload says', async () => {
    const w = worker()
    await w.dispatch('notificationclick', {
      notification: { data: { url: 'https://evil.example/phish' }, close: () => undefined },
    })
    expect(w.opened).toEqual(['https://kabu.example/#/'])
  })
})
