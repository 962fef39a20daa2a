// Writes docs/configuration.md, the table of the gateway's settings, from the zod schema that
// parses them (gateway/src/config-env.ts): each setting's name, default and `.describe()` text.
// The table is never edited by hand; tests/lint/docs-configuration.test.ts fails when the
// committed file is not what this script writes.
//
//   npm run docs:config
import { writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import { format, resolveConfig } from 'prettier'
import { z } from 'zod'
import { envSchema } from '../gateway/src/config-env'

const root = join(import.meta.dirname, '..')
export const CONFIG_DOCS_PATH = join(root, 'docs/configuration.md')

interface Setting {
  default?: unknown
  description?: string
  enum?: string[]
}

const HEADER = `# Configuration

The gateway reads these environment variables once at start (\`gateway/src/config-env.ts\`,
\`gateway/src/config-env-products.ts\`; \`gateway/src/config.ts\` turns them into the \`Config\` the
rest of the gateway reads). A bad value stops the start with the variable's name.

This page is generated from the schema's \`.describe()\` texts by \`npm run docs:config\`; edit the
schema, not this page (a test fails when they differ).

| name | default | meaning |
| --- | --- | --- |
`

/** A default as the reader would type it: the repository's paths relative, flags as 0 and 1. */
function shownDefault(value: unknown): string {
  if (value === undefined) return '–'
  if (value === '') return '(empty)'
  const text = String(value)
  return '`' + (text.startsWith(root) ? relative(root, text) : text) + '`'
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ')

export async function renderConfigDocs(): Promise<string> {
  const schema = z.toJSONSchema(envSchema, { io: 'input', unrepresentable: 'any' })
  const settings = schema.properties as Record<string, Setting>
  const rows = Object.entries(settings).map(([name, setting]) => {
    if (!setting.description) throw new Error(`${name} has no .describe() text`)
    const values = setting.enum ? ` One of ${setting.enum.map((v) => `\`${v}\``).join(', ')}.` : ''
    const meaning = cell(setting.description + values)
    return `| ${name} | ${cell(shownDefault(setting.default))} | ${meaning} |`
  })
  const options = await resolveConfig(CONFIG_DOCS_PATH)
  return format(HEADER + rows.join('\n') + '\n', { ...options, parser: 'markdown' })
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(CONFIG_DOCS_PATH, await renderConfigDocs())
  console.log(`wrote ${relative(root, CONFIG_DOCS_PATH)}`)
}
