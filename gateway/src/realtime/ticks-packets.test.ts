import type { Quote } from '@kabu/shared/market/types'
import { describe, expect, it } from 'vitest'
import * as ws from 'ws'
import { TicksPackets } from './ticks-packets'

// ws's own frame parser, the one a Node client reads our frames with; @types/ws omits it.
const { Receiver } = ws as unknown as {
  Receiver: new (options: { isServer: boolean }) => NodeJS.WritableStream & {
    on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): void
    on(event: 'error', listener: (error: Error) => void): void
  }
}

/** What ws's receiver reads from these bytes: the messages, or the error it refuses them with. */
function read(bytes: Buffer): Promise<string[]> {
  const receiver = new Receiver({ isServer: false })
  const messages: string[] = []
  return new Promise((resolve, reject) => {
    receiver.on('message', (data, isBinary) => {
      expect(isBinary).toBe(false)
      messages.push(data.toString('utf8'))
    })
    receiver.on('error', reject)
    receiver.write(bytes, () => resolve(messages))
  })
}

const quote = (code: string, seq: number, name = '') =>
  ({
    code,
    seq,
    price: 1_000 + seq,
    name: { ja: `トヨタ${name}`, zh: '丰田', en: 'Toyota' },
  }) as unknown as Quote

describe('TicksPackets', () => {
  it('frames the socket.io packet that a phone on long-polling gets as text, at every header size', async () => {
    const packets = new TicksPackets()
    // Payloads under 126 bytes, under 64 KiB and over it take the three header lengths of RFC 6455.
    for (const count of [1, 20, 400]) {
      const quotes = Array.from({ length: count }, (_, i) => quote(`C${i}`, i, 'x'.repeat(i % 7)))
      const frame = packets.frame(quotes)
      const messages = await read(frame)
      expect(messages).toEqual([`4${packets.text(quotes)}`])
      expect(JSON.parse(packets.text(quotes).slice('2/quotes,'.length))).toEqual(['ticks', quotes])
    }
  })

  it('keeps every frame its own bytes while later ones are carved from the same slab', async () => {
    const packets = new TicksPackets()
    const first = packets.frame([quote('7203', 1)])
    const kept = Buffer.from(first)
    // Enough frames to fill several slabs behind the first.
    for (let seq = 2; seq < 2_000; seq++) packets.frame([quote('7203', seq), quote('6758', seq)])
    expect(first.equals(kept)).toBe(true)
    expect(await read(first)).toEqual([`4${packets.text([quote('7203', 1)])}`])
  })

  it('encodes a quote again once a newer one of its code replaces it', async () => {
    const packets = new TicksPackets()
    const [older, newer] = [quote('7203', 1), quote('7203', 2)]
    expect(await read(packets.frame([older]))).toEqual([`4${packets.text([older])}`])
    const [message] = await read(packets.frame([newer]))
    expect(JSON.parse(message!.slice('42/quotes,'.length))).toEqual(['ticks', [newer]])
  })

  it("gives a handed-over frame's room to the next frame, and never a frame's still being written", () => {
    const packets = new TicksPackets()
    const pending = packets.frame([quote('7203', 1)])
    const kept = Buffer.from(pending)
    const written = packets.frame([quote('6758', 1)])
    packets.handedOver(written)
    const next = packets.frame([quote('6758', 2)])
    expect(next.byteOffset).toBe(written.byteOffset)
    expect(next.buffer).toBe(written.buffer)
    // Only the frame made last can give its room back: `pending` was made before `next`.
    packets.handedOver(pending)
    expect(packets.frame([quote('9984', 1)]).byteOffset).toBe(next.byteOffset + next.length)
    expect(pending.equals(kept)).toBe(true)
  })
})
