// The map pages must name only what exists: a renamed or deleted file, folder or symbol that
// docs/ARCHITECTURE.md or docs/GLOSSARY.md still names fails here with the name.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { missingNames, readRepo } from './doc-names'

const root = join(import.meta.dirname, '../..')
const repo = readRepo(root)

describe.each(['docs/ARCHITECTURE.md', 'docs/GLOSSARY.md'])('%s', (page) => {
  it('names only paths, symbols and links that exist', () => {
    const markdown = readFileSync(join(root, page), 'utf8')
    expect(missingNames(markdown, page, repo)).toEqual([])
  })
})

describe('the check itself', () => {
  it('reports a path, a folder, a symbol, an event and a link that do not exist', () => {
    const page = [
      'Real: `gateway/src/broker/common/order-no.ts`, `common/factors/totp.ts`, `broker/ledger/`,',
      '`newOrderNo`, `trade:updated`, [the map](ARCHITECTURE.md); not files: `/api/vue`, `<name>.live.ts`.',
      'Gone: `broker/second-factor/totp.ts`, `broker/nowhere/`, `noSuchSymbol42`, `ipo:nowhere`,',
      '[lost](lost.md).',
    ].join('\n')
    expect(missingNames(page, 'docs/page.md', repo)).toEqual([
      'path broker/second-factor/totp.ts',
      'path broker/nowhere/',
      'symbol noSuchSymbol42',
      'symbol ipo:nowhere',
      'link lost.md',
    ])
  })
})
