import type WebSocket from 'ws'
import { openFeedSocket } from '../feed-socket'
import type { FeedEvents, FeedSession, FeedUpdate, StreamFeed } from '../stream-feed'
import type { AlpacaSettings } from '../stream-settings'
import { alpacaUpdate, parseAlpacaFrame, type AlpacaControl } from './alpaca-messages'

/** How long the stream may take to answer a control message (it allows 10 s to authenticate). */
const CONTROL_TIMEOUT_MS = 10_000

/**
 * QUOTE_SOURCE=alpaca:<stream URL>: Alpaca's market data stream for US stocks (MARKET-RULES §11;
 * docs.alpaca.markets "WebSocket Stream"). A session is one socket: the server says `connected`,
 * we send `{"action":"auth","key","secret"}` and wait for `authenticated`, then subscribe to
 * trades and quotes of the codes carried and unsubscribe from those let go, each answered by a
 * `subscription` message listing everything subscribed (or an `error`, e.g. 405 when past the
 * plan's symbol limit). It has no snapshot here: codes past the limit stay with the simulator.
 */
export function alpacaFeed(settings: AlpacaSettings): StreamFeed {
  async function connect(events: FeedEvents): Promise<FeedSession> {
    // Control messages answer in order: each waits for the next one, the first for `connected`.
    const waiting: Array<(control: AlpacaControl) => void> = []
    const next = () =>
      new Promise<AlpacaControl>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('alpaca: no answer')), CONTROL_TIMEOUT_MS)
        waiting.push((control) => {
          clearTimeout(timer)
          resolve(control)
        })
      })
    const welcome = next()
    // Unheard when the socket does not open (the error that says why is thrown instead).
    welcome.catch(() => undefined)
    const socket = await openFeedSocket({
      url: settings.url,
      pingEveryMs: Math.max(100, Math.floor(settings.staleAfterMs / 3)),
      timeoutMs: CONTROL_TIMEOUT_MS,
      onAlive: events.alive,
      onClose: events.closed,
      onText(text) {
        const { messages, problems } = parseAlpacaFrame(text)
        for (const problem of problems) events.malformed(problem)
        const updates: FeedUpdate[] = []
        for (const message of messages) {
          const update = alpacaUpdate(message)
          if (update) updates.push(update)
          else waiting.shift()?.(message as AlpacaControl)
        }
        if (updates.length > 0) events.updates(updates)
      },
    })
    const expect = async (
      answer: Promise<AlpacaControl>,
      wanted: AlpacaControl['T'],
      msg?: string,
    ) => {
      const control = await answer
      if (control.T === 'error') throw new Error(`alpaca: ${control.code} ${control.msg}`)
      if (control.T !== wanted || (msg && control.T === 'success' && control.msg !== msg)) {
        throw new Error(`alpaca: expected ${wanted} ${msg ?? ''}, got ${JSON.stringify(control)}`)
      }
    }
    const send = (socket: WebSocket, body: object) => {
      const answer = next()
      socket.send(JSON.stringify(body))
      return answer
    }
    try {
      await expect(welcome, 'success', 'connected')
      const auth = { action: 'auth', key: settings.keyId, secret: settings.secretKey }
      await expect(send(socket, auth), 'success', 'authenticated')
    } catch (error) {
      socket.terminate()
      throw error
    }
    const change = (action: 'subscribe' | 'unsubscribe', codes: readonly string[]) =>
      expect(send(socket, { action, trades: codes, quotes: codes }), 'subscription')
    return {
      subscribe: (codes) => change('subscribe', codes),
      unsubscribe: (codes) => change('unsubscribe', codes),
      close() {
        socket.terminate()
      },
    }
  }

  return {
    kind: 'alpaca',
    label: new URL(settings.url).host,
    owns: (listing) => listing.market === 'us' && listing.kind === 'stock',
    symbolLimit: settings.symbolLimit,
    snapshotSlots: 0,
    snapshotEveryMs: 1_000,
    connect,
  }
}
