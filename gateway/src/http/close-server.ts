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
}
