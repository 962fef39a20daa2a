import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { MESSAGE_KEYS } from '@kabu/shared/api/messages'
import { HOME_ENTRIES, LEDGER_KINDS, MINE_ENTRIES, POSITION_TABS } from '@kabu/shared/lines/index'
import { WITHDRAW_RULE_KEYS } from '@kabu/shared/api/trust'
import { FREEZE_COVERS } from '@kabu/shared/api/freeze-covers'
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { describe, expect, it } from 'vitest'
import en from './locales/en'
import ja from './locales/ja'
import zhCN from './locales/zh-CN'

const catalogues: Record<string, Record<string, string>> = { ja, 'zh-CN': zhCN, en }
const srcDir = path.resolve(import.meta.dirname, '..')

// Message ids are flat keys prefixed by their area (client-common: the catalogue's areas).
const ID =
  /^(common|login|mine|server|home|quotes|search|stock|sector|market|markets|news)\.[A-Za-z0-9_.-]+$/

// The back-office console is another page with its own catalogues (console/i18n), whose ids may
// share a customer area's words ('news.category' under `console.`): not this catalogue's business.
const otherCatalogues = new Set([path.join(srcDir, 'console')])

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory())
      return name === 'locales' || otherCatalogues.has(full) ? [] : sourceFiles(full)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : []
  })
}

/** Every string literal in the app's source that has the shape of a message id. */
function literalIds(): Map<string, string> {
  const found = new Map<string, string>()
  for (const file of sourceFiles(srcDir)) {
    const text = readFileSync(file, 'utf8')
    for (const m of text.matchAll(/(['"`])((?:(?!\1)[^\\\n$])+)\1/g)) {
      const literal = m[2]!
      if (ID.test(literal) && !found.has(literal)) found.set(literal, path.relative(srcDir, file))
    }
  }
  return found
}

/** The argument names a message uses, so translations cannot drop or rename a placeholder. */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue
    into.add(el.value)
    if (el.type === TYPE.tag) argumentsOf(el.children, into)
    if (el.type === TYPE.plural || el.type === TYPE.select)
      for (const option of Object.values(el.options)) argumentsOf(option.value, into)
  }
  return into
}

describe('translation catalogues', () => {
  it('hold the same keys in ja, zh-CN and en', () => {
    const keys = (c: Record<string, string>) => Object.keys(c).sort()
    expect(keys(zhCN)).toEqual(keys(ja))
    expect(keys(en)).toEqual(keys(ja))
  })

  it('translate every server message key', () => {
    for (const [locale, catalogue] of Object.entries(catalogues)) {
      const missing = MESSAGE_KEYS.filter((k) => !catalogue[`server.${k}`])
      expect(missing, locale).toEqual([])
    }
  })

  // The trust panel builds these ids at run time (RefusalRules), where the literal check below
  // cannot see them; without one, a rule would show the server's English in every language.
  it('name every withdrawal rule the trust panel lists', () => {
    for (const [locale, catalogue] of Object.entries(catalogues)) {
      const missing = WITHDRAW_RULE_KEYS.filter((k) => !catalogue[`mine.trust.rule.${k}`])
      expect(missing, locale).toEqual([])
    }
  })

  // The trust panel lists what a freeze covers from the table the gateway refuses by (FreezeCard).
  it('name every command of the table of what a freeze covers', () => {
    for (const [locale, catalogue] of Object.entries(catalogues)) {
      const missing = Object.keys(FREEZE_COVERS).filter(
        (c) => !catalogue[`mine.trust.freeze.command.${c}`],
      )
      expect(missing, locale).toEqual([])
    }
  })

  it('name every ledger kind, home entry, Mine entry and Positions tab the lines declare', () => {
    const derived = [
      ...LEDGER_KINDS.map((kind) => `mine.funds.kind.${kind}`),
      ...HOME_ENTRIES.map(({ line }) => `home.${line}.entry`),
      ...Object.keys(MINE_ENTRIES).map((name) => `mine.panel.${name}`),
      ...POSITION_TABS.map((tab) => `stock.position.line.${tab}`),
    ]
    for (const [locale, catalogue] of Object.entries(catalogues)) {
      expect(
        derived.filter((id) => !catalogue[id]),
        locale,
      ).toEqual([])
    }
  })

  it('contain every message id the source uses', () => {
    const ids = literalIds()
    expect(ids.size).toBeGreaterThan(50)
    const missing = [...ids].filter(([id]) => !(id in ja)).map(([id, file]) => `${id} (${file})`)
    expect(missing).toEqual([])
  })

  it('hold valid, non-empty ICU messages with the same placeholders in every language', () => {
    for (const [id, text] of Object.entries(ja)) {
      const expected = [...argumentsOf(parse(text))].sort()
      for (const [locale, catalogue] of Object.entries(catalogues)) {
        const translated = catalogue[id] ?? ''
        expect(translated.trim(), `${locale} ${id}`).not.toBe('')
        expect([...argumentsOf(parse(translated))].sort(), `${locale} ${id}`).toEqual(expected)
      }
    }
  })

  it('keep keys prefixed by their area', () => {
    const bad = Object.keys(ja).filter((k) => !ID.test(k))
    expect(bad).toEqual([])
  })
})
