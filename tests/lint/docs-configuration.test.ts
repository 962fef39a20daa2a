// docs/configuration.md is generated from the gateway's zod config (scripts/gen-config-docs.ts):
// a setting added, removed or re-described without `npm run docs:config` fails here.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CONFIG_DOCS_PATH, renderConfigDocs } from '../../scripts/gen-config-docs'

describe('docs/configuration.md', () => {
  it('is what `npm run docs:config` writes from the config schema', async () => {
    const committed = readFileSync(CONFIG_DOCS_PATH, 'utf8')
    expect(committed, 'run `npm run docs:config` and commit docs/configuration.md').toBe(
      await renderConfigDocs(),
    )
  })
})
