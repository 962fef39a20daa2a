import type { Server } from 'node:http'
import type { Server as SocketServer } from 'socket.io'

/** How long open requests and sockets may finish before a stopping gateway cuts them. */
const GRACE_MS = 5_000

/**
 * Stops taking connections: socket.io closes its sockets, idle HTTP connections go at once, and
 * the ones still busy after the grace period are cut (both gateway kinds stop this way).
 */
export async function closeServer(server: Server, io: SocketServer): Promise<void> {
  if (!server.listening) return
  const closed = io.close()
  server.closeIdleConnections()
  const cut = setTimeout(() => server.closeAllConnections(), GRACE_MS)
  await closed
  clearTimeout(cut)
  releaseAdapters(io)
}

/**
 * socket.io's in-memory adapter with connection state recovery sweeps its sessions every 60 s by a
 * `setInterval` that nothing clears (socket.io-adapter 2.5's SessionAwareAdapter; its close() does
 * nothing), and the sweep's closure holds the adapter, its namespace and through it the whole
 * server: every stopped gateway stayed in memory. Cut each adapter loose from its namespace.
 */
function releaseAdapters(io: SocketServer) {
  for (const namespace of io._nsps.values()) {
    const adapter = namespace.adapter as { nsp?: unknown; sessions?: unknown }
    // Only that adapter: another (Redis's) may still hear a message and read its namespace.
    if (!(adapter.sessions instanceof Map)) continue
    adapter.sessions.clear()
    delete adapter.nsp
  }
}
