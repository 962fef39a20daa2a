// What a map page names must exist: every backticked repository path (a file or a folder, written
// whole or as the tail of a real path, e.g. `broker/common/order-no.ts`), every backticked
// identifier (found as a whole word in the repository's code), every backticked event name
// (`trade:updated`) and every relative link. Used by docs-architecture.test.ts.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'

export interface Repo {
  /** Every file of the work tree git knows or would add, relative to the root, with `/`. */
  files: string[]
  /** The text of every code file (not Markdown), to find identifiers in. */
  code: string
}

const CODE_FILE = /\.(ts|tsx|js|cjs|mjs|json|sql|ya?ml|cfg|sh|html|css)$/
// The lockfile, and this check's own files, whose made-up names must not count as found.
const NOT_CODE = /^package-lock\.json$|^tests\/lint\/(doc-names\.ts|docs-[\w-]+\.test\.ts)$/

export function readRepo(root: string): Repo {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  const files = listed.split('\n').filter((f) => f && existsSync(join(root, f)))
  const code = files
    .filter((f) => CODE_FILE.test(f) && !NOT_CODE.test(f))
    .map((f) => readFileSync(join(root, f), 'utf8'))
    .join('\n')
  return { files, code }
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/
const EVENT = /^[a-z][\w-]*:[a-z][\w-]*$/
// A path: has a slash or a file extension, and no template, glob, space or URL in it.
const PATH = /^[\w@.-]+(\/[\w@.-]+)*\/?$/
const FILE_EXTENSION = /\.[a-z]{1,5}$/

function pathExists(token: string, files: string[]): boolean {
  const name = token.replace(/\/$/, '')
  const asFile = (f: string) => f === name || f.endsWith('/' + name)
  const asFolder = (f: string) => f.startsWith(name + '/') || f.includes('/' + name + '/')
  if (token.endsWith('/')) return files.some(asFolder)
  return files.some((f) => asFile(f) || (!FILE_EXTENSION.test(name) && asFolder(f)))
}

const wordIn = (code: string, word: string) =>
  new RegExp(`(?<![\\w$])${word.replace(/\$/g, '\\$')}(?![\\w$])`).test(code)

/** The names a Markdown page gives that the repository does not have, each with why. */
export function missingNames(markdown: string, pagePath: string, repo: Repo): string[] {
  const missing: string[] = []
  const tokens = new Set([...markdown.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!))
  for (const token of tokens) {
    if (token.startsWith('/')) continue // a URL path of the wire, not a file
    if ((token.includes('/') || FILE_EXTENSION.test(token)) && PATH.test(token)) {
      if (!pathExists(token, repo.files)) missing.push(`path ${token}`)
    } else if (IDENTIFIER.test(token) || EVENT.test(token)) {
      if (!wordIn(repo.code, token)) missing.push(`symbol ${token}`)
    }
  }
  for (const [, target] of markdown.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^(https?:|#|mailto:)/.test(target!)) continue
    const file = normalize(join(dirname(pagePath), target!.replace(/#.*$/, '')))
    if (!repo.files.includes(file)) missing.push(`link ${target}`)
  }
  return missing
}
