// Completes the relative import paths of JavaScript that `tsc -b` emitted, so Node runs it as is:
//   node scripts/complete-import-paths.mjs shared/dist gateway/dist
// The sources import './app' and './ipo.sql' (moduleResolution "bundler", as Vite, vitest and tsx
// read them), and tsc copies each path unchanged, but Node's ES module loader takes a path only as
// written: it needs './app.js' and './market/index.js'. Each relative path gets the ending that
// names an emitted file; one that names none fails the build here rather than the gateway at start.
// Imports of packages (`@kabu/shared/...`, `express`) are left alone: their package.json maps them.
// Plain JavaScript, so the build needs node and tsc only (tsx runs sources in development).
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

/** The endings tried, in order, for a path written without one. */
const ENDINGS = ['', '.js', '/index.js']

function* jsFilesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* jsFilesUnder(full)
    else if (entry.name.endsWith('.js')) yield full
  }
}

/** Every module path in `import`/`export … from` and `import('…')`, with where its text sits. */
function modulePaths(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS)
  const found = []
  const visit = (node) => {
    const literal =
      ts.isImportDeclaration(node) || ts.isExportDeclaration(node)
        ? node.moduleSpecifier
        : ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword
          ? node.arguments[0]
          : undefined
    if (literal && ts.isStringLiteral(literal)) {
      // Inside the quotes: the literal's text as written, which is its value for a module path.
      found.push({ path: literal.text, start: literal.getStart(source) + 1, end: literal.end - 1 })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

const isFile = (file) => existsSync(file) && statSync(file).isFile()

/** Rewrites the files in place; returns the paths that name no emitted file, as "file: path". */
function completeImportPaths(dirs) {
  const unresolved = []
  for (const dir of dirs) {
    for (const file of jsFilesUnder(dir)) {
      const text = readFileSync(file, 'utf8')
      let out = text
      // From the last to the first, so the positions of those before stay true.
      for (const found of modulePaths(file, text).reverse()) {
        if (!found.path.startsWith('./') && !found.path.startsWith('../')) continue
        const base = path.resolve(path.dirname(file), found.path)
        const ending = ENDINGS.find((end) => isFile(base + end))
        if (ending === undefined) unresolved.push(`${file}: ${found.path}`)
        else if (ending)
          out = out.slice(0, found.start) + found.path + ending + out.slice(found.end)
      }
      if (out !== text) writeFileSync(file, out)
    }
  }
  return unresolved
}

const dirs = process.argv.slice(2)
if (dirs.length === 0) {
  console.error('usage: node scripts/complete-import-paths.mjs <emitted dir>…')
  process.exit(2)
}
const unresolved = completeImportPaths(dirs)
if (unresolved.length > 0) {
  console.error(`imports that name no emitted file:\n  ${unresolved.join('\n  ')}`)
  process.exit(1)
}
