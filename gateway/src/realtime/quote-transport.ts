import type { Quote } from '@kabu/shared/market/types'
import { Socket as TcpSocket } from 'node:net'
import type { Socket } from 'socket.io'
import type { TickSink } from './tick-conflator'
import type { TicksPackets } from './ticks-packets'

/** A phone's engine.io connection (a socket.io socket's `conn`): one for the socket's life. */
export type EngineConnection = Socket['conn']

/*
 * The private members read here, and nowhere else: engine.io's WebSocket transport keeps ws's
 * WebSocket as `socket`, and ws keeps the TCP socket under it as `_socket` (`readyState` and
 * `extensions` are public). No semver range promises them, so gateway/package.json pins ws,
 * engine.io and socket.io exactly, and quote-transport.test.ts fails, naming the member,
 * if an upgrade moves one: here a missing member only sends every frame the slow way.
 */
interface WebSocketTransport {
  name: string
  socket?: { readyState: number; extensions: string; _socket?: unknown }
}
const WS_OPEN = 1

/**
 * Each open WebSocket's TCP socket, or null where extensions were agreed: both are fixed at the
 * handshake, and ws's `extensions` getter builds its answer anew (an array and a string) on each
 * read, twice a frame per phone.
 */
const plainTcpOf = new WeakMap<object, TcpSocket | null>()

/**
 * The TCP socket under a phone's open WebSocket, to write its frames to; none on long-polling, or
 * where permessage-deflate was agreed (ws then queues compressed frames of its own, which a frame
 * written beside them could overtake; the io server leaves it off).
 */
export function rawSocketOf(conn: EngineConnection): TcpSocket | undefined {
  const transport = conn.transport as unknown as WebSocketTransport
  const ws = transport.name === 'websocket' ? transport.socket : undefined
  if (ws?.readyState !== WS_OPEN) return undefined
  let tcp = plainTcpOf.get(ws)
  if (tcp === undefined) {
    tcp = ws.extensions === '' && ws._socket instanceof TcpSocket ? ws._socket : null
    plainTcpOf.set(ws, tcp)
  }
  return tcp ?? undefined
}

/**
 * How `ticks` reach one phone, as the conflator's sink. On an open WebSocket the finished frame
 * (TicksPackets.frame) goes straight to the TCP socket, skipping engine.io's packet (its events,
 * buffers and write callbacks): at 2,000 phones × 5,000 ticks/s the hub went from 46–71 % of a
 * core to 39–46 %, its event loop delay p99 from 5–17 ms to 4–5 ms (a tenth of the collections)
 * and lag p99 from 97–105 ms to 97–98 ms (issue 5, tests/load/fanout.ts). Anywhere else the
 * packet goes as text through engine.io, which frames it for long-polling or a compressed socket.
 */
export class QuoteTransport implements TickSink {
  constructor(
    private readonly conn: EngineConnection,
    private readonly packets: TicksPackets,
    /** Told of every frame sent (the gateway's metrics count them). */
    private readonly sent: () => void = () => {},
  ) {}

  /**
   * Its last frame, or a packet of engine.io's, is not yet handed to the kernel. Skipping the
   * phone until then means a stalled phone costs nothing, no queue, and a raw frame never
   * overtakes what engine.io holds: both end in the same TCP socket, in write order.
   */
  isBehind(): boolean {
    return !this.conn.transport.writable || (rawSocketOf(this.conn)?.writableLength ?? 0) > 0
  }

  sendTicks(quotes: readonly Quote[]): void {
    const tcp = rawSocketOf(this.conn)
    if (tcp) {
      const frame = this.packets.frame(quotes)
      tcp.write(frame)
      // Nothing queued: the kernel took the whole frame in the write, so its bytes are free for
      // the next phone's. A frame that waits keeps them (the phone is then behind).
      if (tcp.writableLength === 0) this.packets.handedOver(frame)
    } else this.conn.write(this.packets.text(quotes))
    this.sent()
  }
}
