import type { IncomingMessage, ServerResponse } from 'node:http'
import compression from 'compression'

// compression's own threshold: below it, gzip's framing costs more than it saves.
const COMPRESS_FROM_BYTES = 1024
// Typed for Express, it uses only node's request and response.
export const compressed = compression({ threshold: COMPRESS_FROM_BYTES }) as unknown as (
  req: IncomingMessage,
  res: ServerResponse,
  next: () => void,
) => void

/**
 * Sends an /api/vue answer (a call's or a failure's), gzip-compressed when it is large (a list) and
 * the phone accepts it.
 *
 * Written out here rather than by res.json, and past the app's compression, because both cost
 * more than an order's answer is worth: res.json hashes every body for an ETag (no browser
 * revalidates a POST), and the compression middleware takes ~30 µs a call to find that ~60 bytes
 * are under its threshold. Together ~50 µs per call on a bare express app, a buy and its sell
 * ~0.6 ms in the gateway (tests/load/orders.ts). So compression is engaged only for a large answer.
 */
export function answer(req: IncomingMessage, res: ServerResponse, envelope: unknown): void {
  const json = JSON.stringify(envelope)
  const bytes = Buffer.byteLength(json)
  res.setHeader('content-type', 'application/json; charset=utf-8')
  if (bytes < COMPRESS_FROM_BYTES) {
    res.setHeader('content-length', bytes)
    res.end(json)
  } else void compressed(req, res, () => res.end(json))
}
