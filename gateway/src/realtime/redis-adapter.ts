import { createAdapter } from '@socket.io/redis-adapter'
import type { Logger } from 'pino'
import { createClient } from 'redis'
import type { Server } from 'socket.io'

/**
 * REDIS_URL (API.md): the io server's rooms and broadcasts go through Redis pub/sub, so an emit to
 * a room on one gateway reaches that room's sockets on every gateway (a `/user` event raised by
 * the gateway that handled a review reaches the phone connected to another). Call it before any
 * namespace is registered. Resolves to the function that closes both Redis connections, to be
 * called after the io server has closed.
 *
 * Quote ticks do not travel this way: each gateway's hub writes its own clients' frames from its
 * own market (the simulator with a shared SEED plays the same market on every gateway), so fan-out
 * scales with the gateways instead of funnelling every frame through Redis.
 */
export async function attachRedisAdapter(
  io: Server,
  url: string,
  logger: Logger,
): Promise<() => Promise<void>> {
  const publisher = createClient({ url })
  const subscriber = publisher.duplicate()
  for (const client of [publisher, subscriber]) {
    // Without a listener a dropped connection would be an uncaught 'error'; the client reconnects.
    client.on('error', (error: unknown) => logger.error({ err: error }, 'redis connection error'))
  }
  await Promise.all([publisher.connect(), subscriber.connect()])
  io.adapter(createAdapter(publisher, subscriber))
  return async () => {
    await Promise.all([publisher.close(), subscriber.close()])
  }
}
