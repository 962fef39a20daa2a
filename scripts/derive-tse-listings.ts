// Regenerates gateway/data/tse-listings.tsv, the whole Tokyo market the simulator lists, from the
// team's reference copy of the JPX list (shared/data/jp-listings.json beside the repository):
//
//   npx tsx scripts/derive-tse-listings.ts [path/to/jp-listings.json]
//
// The file keeps the facts only, code and Japanese name, one listing a line in code order, so a
// monthly refresh reads as a diff of listings and delistings. Everything else the simulator shows of
// these codes (sector, prices, volumes, shares) is derived at run time and labelled simulated
// (gateway/src/market/universe/). The app reads the committed file: a clean clone needs no shared/.
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
const source = process.argv[2] ?? path.join(here, '../../shared/data/jp-listings.json')
const target = path.join(here, '../gateway/data/tse-listings.tsv')

/**
 * TSE codes: four characters, digits with an optional letter in the 2nd or 4th place (130A), and a
 * fifth digit for a preferred share (25935, 伊藤園第1種優先株式).
 */
const CODE = /^\d[0-9A-Z]\d[0-9A-Z]\d?$/

const rows = JSON.parse(await readFile(source, 'utf8')) as Array<{ code: string; name: string }>
const seen = new Set<string>()
const lines: string[] = []
for (const { code, name } of rows) {
  const clean = name.normalize('NFKC').replace(/\s+/g, ' ').trim()
  if (!CODE.test(code)) throw new Error(`not a TSE code: ${JSON.stringify(code)}`)
  if (!clean) throw new Error(`no name for ${code}`)
  if (seen.has(code)) throw new Error(`${code} twice`)
  seen.add(code)
  lines.push(`${code}\t${clean}`)
}
lines.sort()
const header = `# code\tname — derived from the JPX list of ${rows.length} TSE listings by scripts/derive-tse-listings.ts`
await writeFile(target, `${header}\n${lines.join('\n')}\n`)
console.log(`${lines.length} listings → ${path.relative(process.cwd(), target)}`)
