import { createAdapter } from '@socket.io/redis-streams-adapter'
import type { Logger } from 'pino'
import { createClient } from 'redis'
import type { Server } from 'socket.io'

/**
 * REDIS_URL (API.md): the io server's rooms and broadcasts go through a Redis stream, so an emit to
 * a room on one gateway reaches that room's sockets on every gateway (a `/user` event raised by
 * the gateway that handled a review reaches the phone connected to another). Call it before any
 * namespace is registered. Resolves to the function that closes the Redis connection, to be called
 * after the io server has closed (which stops the adapter's own readers).
 *
 * The streams adapter, not the pub/sub one, because API.md keeps connection state recovery on: it
 * stores each session in Redis and replays what a phone missed from the stream, so a phone that
 * comes back on another gateway is recovered too; pub/sub keeps no history, so recovery was off
 * whenever REDIS_URL was set. It also resumes the stream after a dropped Redis connection.
 *
 * Quote ticks do not travel this way: the leader publishes each batch of prints once
 * (`cluster/quote-relay.ts`) and each gateway's hub writes its own clients' frames from it, so
 * fan-out scales with the gateways instead of funnelling every frame through the adapter.
 *
 * The stream and the session keys are named after REDIS_PREFIX, so deployments (and tests) that
 * share one Redis keep apart.
 */
export async function attachRedisAdapter(
  io: Server,
  settings: { redisUrl: string; redisPrefix: string },
  logger: Logger,
): Promise<() => Promise<void>> {
  const client = createClient({ url: settings.redisUrl })
  // Without a listener a dropped connection would be an uncaught 'error'; the client reconnects.
  client.on('error', (error: unknown) => logger.error({ err: error }, 'redis connection error'))
  await client.connect()
  // Its readers block on the stream for at most a second, so a stopping gateway lets go quickly.
  io.adapter(
    createAdapter(client, {
      blockTimeInMs: 1_000,
      streamName: `${settings.redisPrefix}:socket.io`,
      sessionKeyPrefix: `${settings.redisPrefix}:session:`,
    }),
  )
  return async () => {
    await client.close()
  }
}
