import { readFileSync } from 'node:fs'

/** One line of gateway/data/tse-listings.tsv: the exchange's code and Japanese name. */
export interface TseRow {
  code: string
  name: string
}

/** Committed with the code (scripts/derive-tse-listings.ts makes it), so a clean clone has it. */
const FILE = new URL('../../../data/tse-listings.tsv', import.meta.url)

/** `code<TAB>name` lines; `#` starts a comment line. */
export function parseTseListings(text: string): TseRow[] {
  const rows: TseRow[] = []
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue
    const tab = line.indexOf('\t')
    if (tab <= 0) throw new Error(`tse-listings.tsv: no code and name in ${JSON.stringify(line)}`)
    rows.push({ code: line.slice(0, tab), name: line.slice(tab + 1) })
  }
  return rows
}

let cached: readonly TseRow[] | undefined

/** Every TSE listing, read once on first use (not at import: nothing does I/O then). */
export function tseRows(): readonly TseRow[] {
  cached ??= parseTseListings(readFileSync(FILE, 'utf8'))
  return cached
}
