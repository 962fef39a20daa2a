import type { QuotesClientToServer, QuotesServerToClient } from '@kabu/shared/realtime'

/** What the quote layer listens to: the `/quotes` events plus the connection's own life events. */
export interface QuotesSocketEvents extends QuotesServerToClient {
  connect: () => void
  disconnect: (reason: string) => void
  connect_error: (error: Error) => void
}

/**
 * The slice of a socket.io client socket the quote layer uses. Narrow on purpose: a unit test drives
 * the layer with an in-memory emitter of this shape instead of a real connection.
 */
export interface QuotesSocket {
  readonly connected: boolean
  on<E extends keyof QuotesSocketEvents>(event: E, listener: QuotesSocketEvents[E]): void
  emit<E extends keyof QuotesClientToServer>(
    event: E,
    ...args: Parameters<QuotesClientToServer[E]>
  ): void
  /** Opens the connection; socket.io reconnects by itself after that. */
  connect(): void
  /** Closes for good (tests, page teardown). */
  close(): void
}
