import WebSocket from 'ws'

export interface FeedSocketOptions {
  url: string
  headers?: Record<string, string>
  /** How often an idle socket is pinged: a feed silent between trades is still alive if it pongs. */
  pingEveryMs: number
  /** How long opening may take. */
  timeoutMs: number
  onText(text: string): void
  onAlive(): void
  onClose(reason: unknown): void
}

/**
 * A feed's WebSocket, open (resolves once the handshake is done). Every message and every pong is
 * a sign of life; a ping left unanswered for two intervals ends the socket, so a feed that went
 * away without a close frame (a pulled cable) is noticed. `onClose` is called once, whatever ended it.
 */
export function openFeedSocket(options: FeedSocketOptions): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(options.url, {
      headers: options.headers,
      handshakeTimeout: options.timeoutMs,
    })
    let opened = false
    let closed = false
    let unanswered = 0
    let pinger: NodeJS.Timeout | undefined
    const end = (reason: unknown) => {
      if (closed) return
      closed = true
      if (pinger) clearInterval(pinger)
      if (socket.readyState !== WebSocket.CLOSED) socket.terminate()
      if (opened) options.onClose(reason)
      else reject(reason instanceof Error ? reason : new Error(String(reason)))
    }
    socket.on('open', () => {
      opened = true
      options.onAlive()
      pinger = setInterval(() => {
        if (++unanswered > 2) return end(new Error('feed socket: pings unanswered'))
        socket.ping()
      }, options.pingEveryMs)
      pinger.unref()
      resolve(socket)
    })
    socket.on('pong', () => {
      unanswered = 0
      options.onAlive()
    })
    socket.on('message', (data, isBinary) => {
      unanswered = 0
      options.onAlive()
      if (isBinary) return options.onText('')
      options.onText(Buffer.isBuffer(data) ? data.toString('utf8') : String(data))
    })
    socket.on('error', (error) => end(error))
    socket.on('close', (code, reason) =>
      end(new Error(`feed socket closed: ${code} ${reason.toString('utf8')}`.trim())),
    )
  })
}
