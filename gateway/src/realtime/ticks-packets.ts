import type { Quote } from '@kabu/shared/market/types'
import { QUOTES_NAMESPACE } from '@kabu/shared/realtime'
import { quoteBytes } from '../market/quote-bytes'

/*
 * A `ticks` message in socket.io's own wire format (protocol v5, default parser:
 * `2<nsp>,<json array>`), built here rather than emitted: emit() would encode each phone's batch
 * whole and, with connection state recovery on, keep every one for replay (2 minutes of them);
 * conflated ticks need no replay: the client re-syncs by `seq` and snapshot.
 */
const TICKS_PACKET_HEAD = `2${QUOTES_NAMESPACE},["ticks",[`
const TICKS_PACKET_TAIL = ']]'
/** On a WebSocket the packet travels as engine.io's message type `4` + the socket.io packet. */
const PAYLOAD_HEAD = Buffer.from(`4${TICKS_PACKET_HEAD}`)
const PAYLOAD_TAIL = Buffer.from(TICKS_PACKET_TAIL)
const COMMA = 0x2c

/** The unmasked, final text frame's header of a payload this long (RFC 6455 §5.2). */
function headerLength(payload: number): number {
  return payload < 126 ? 2 : payload < 65_536 ? 4 : 10
}
function writeHeader(into: Buffer, payload: number): number {
  into[0] = 0x81 // FIN, opcode 1 (text); a server's frames are not masked
  if (payload < 126) {
    into[1] = payload
    return 2
  }
  if (payload < 65_536) {
    into[1] = 126
    into.writeUInt16BE(payload, 2)
    return 4
  }
  into[1] = 127
  into.writeBigUInt64BE(BigInt(payload), 2)
  return 10
}

/*
 * Frames are carved from shared slabs, as Node's own Buffer pool does for small buffers: a frame of
 * a few KB allocated on its own (an ArrayBuffer each, counted as external memory) cost ~5 % of the
 * hub's CPU and drove a share of its GC at 2,000 phones (issue 5, tests/load/fanout.ts). A frame
 * still being written keeps its slab alive, so a stalled phone holds at most one slab.
 */
const SLAB_BYTES = 64 * 1024
const OWN_BUFFER_FROM = SLAB_BYTES / 4

/**
 * Builds `ticks` packets from each code's latest quote, whose bytes are encoded once per print and
 * then shared by every phone that holds the code (market/quote-bytes.ts).
 *
 * A phone on a WebSocket gets the finished WebSocket frame, header and payload in one buffer, for
 * one write to its TCP socket: handing ws a joined string instead made it measure the string's
 * UTF-8 length (flattening it) and then encode it again, ~15 % of the hub's CPU at 2,000 phones ×
 * 5,000 ticks/s; a separate header made each send a corked pair of writes. A phone on long-polling
 * (or a compressed WebSocket) gets the text, through engine.io.
 */
export class TicksPackets {
  private slab = Buffer.allocUnsafeSlow(SLAB_BYTES)
  private slabUsed = 0
  /** Each frame's quotes' bytes, one array reused (a frame is built in one go). */
  private readonly parts: Buffer[] = []

  frame(quotes: readonly Quote[]): Buffer {
    const parts = this.parts
    parts.length = 0
    for (const quote of quotes) parts.push(quoteBytes(quote))
    // The quotes, with a comma between each two.
    let payload = PAYLOAD_HEAD.length + Math.max(parts.length - 1, 0) + PAYLOAD_TAIL.length
    for (const part of parts) payload += part.length
    const frame = this.allocate(headerLength(payload) + payload)
    let at = writeHeader(frame, payload)
    at += PAYLOAD_HEAD.copy(frame, at)
    for (let i = 0; i < parts.length; i++) {
      if (i > 0) frame[at++] = COMMA
      at += parts[i]!.copy(frame, at)
    }
    PAYLOAD_TAIL.copy(frame, at)
    return frame
  }

  text(quotes: readonly Quote[]): string {
    const json = quotes.map((quote) => quoteBytes(quote).toString('utf8'))
    return `${TICKS_PACKET_HEAD}${json.join(',')}${TICKS_PACKET_TAIL}`
  }

  private allocate(length: number): Buffer {
    if (length >= OWN_BUFFER_FROM) return Buffer.allocUnsafeSlow(length)
    if (this.slabUsed + length > SLAB_BYTES) {
      this.slab = Buffer.allocUnsafeSlow(SLAB_BYTES)
      this.slabUsed = 0
    }
    const frame = this.slab.subarray(this.slabUsed, this.slabUsed + length)
    this.slabUsed += length
    return frame
  }

  /**
   * The frame last made is no longer needed (its write went to the kernel at once): the next frame
   * is carved from the same room. Most writes go at once, so a slab serves thousands of frames
   * rather than a dozen: at 2,000 phones × 5,000 ticks/s, frames had called for ~120 MB/s of new
   * slabs, memory outside the heap that V8 answers with collections (tests/load/fanout.ts
   * --cluster, one gateway, two runs each in the same hour: collections a second 3.5–4.2
   * scavenges + 0.4–0.9 mark-compacts before, 2.5–2.6 + 0.1–0.3 after; their time 22–28 -> 10–13
   * ms a second; CPU 72–76 -> 62–63 %, with the changes of tick-conflator.ts beside it).
   */
  handedOver(frame: Buffer): void {
    if (frame.buffer !== this.slab.buffer) return
    if (frame.byteOffset + frame.length !== this.slab.byteOffset + this.slabUsed) return
    this.slabUsed -= frame.length
  }
}
