// Recomputes a new-share draw from its public record and says whether it matches.
//
//   npx tsx scripts/verify-draw.ts http://localhost:8080/api/market/ipos/12/draw
//   npx tsx scripts/verify-draw.ts draw.json        (the endpoint's answer, saved)
//
// It checks that the revealed seed hashes to the commitment published when subscription opened,
// then recomputes the allocations from the seed and the entries with the published algorithm
// (shared/src/market/ipo-draw.ts) and compares them with the ones the broker stored. Exit code 0
// when both hold, 1 when either does not, 2 when the record cannot be read or is not drawn yet.
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { IpoDraw } from '@kabu/shared/api/ipo'
import { DRAW_ALGORITHM, drawAllocations } from '@kabu/shared/market/ipo-draw'

async function readRecord(source: string): Promise<IpoDraw> {
  const text = /^https?:\/\//.test(source)
    ? await (await fetch(source)).text()
    : await readFile(source, 'utf8')
  const json = JSON.parse(text) as { data?: IpoDraw } & Partial<IpoDraw>
  return (json.data ?? json) as IpoDraw
}

const byRef = (a: { ref: string }, b: { ref: string }) =>
  a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0
const key = (list: { ref: string; lots: number }[]) =>
  JSON.stringify([...list].sort(byRef).map((a) => [a.ref, a.lots]))

async function main(): Promise<number> {
  const source = process.argv[2]
  if (!source) {
    console.error('usage: npx tsx scripts/verify-draw.ts <draw URL or JSON file>')
    return 2
  }
  const draw = await readRecord(source)
  if (draw.seed === null || draw.commitment === null) {
    console.error(`offer ${draw.id}: not drawn yet (seed not revealed)`)
    return 2
  }
  if (draw.algorithm !== DRAW_ALGORITHM) {
    console.error(`offer ${draw.id}: algorithm differs from this script's:\n  ${draw.algorithm}`)
    return 2
  }
  const hashed = createHash('sha256').update(Buffer.from(draw.seed, 'hex')).digest('hex')
  const committed = hashed === draw.commitment
  const recomputed = drawAllocations(draw.seed, draw.entries, draw.lots_offered)
  const same = key(recomputed) === key(draw.allocations)
  const lots = recomputed.reduce((sum, a) => sum + a.lots, 0)
  console.log(
    `offer ${draw.id} (${draw.code}): ${draw.entries.length} entries, ${draw.lots_offered} lots offered, ${lots} allocated to ${recomputed.length}`,
  )
  console.log(`commitment = SHA-256(seed): ${committed ? 'yes' : 'NO'}`)
  console.log(`allocations recomputed = stored: ${same ? 'yes' : 'NO'}`)
  return committed && same ? 0 : 1
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error)
    process.exit(2)
  },
)
