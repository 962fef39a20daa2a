import type { Plugin, Rollup } from 'vite'
import { LOCALES } from '../src/i18n/locale.ts'

/**
 * The modules each first screen's lazy routes import, by the name public/first-paint.js picks
 * them under: the hash path a phone opens, `home` for the first screen past login. Each module's
 * chunk comes with every chunk it imports.
 */
export const FIRST_SCREENS: Record<string, readonly string[]> = {
  '/login/start': ['src/features/login/StartScreen.tsx'],
  '/login/login': ['src/features/login/LoginScreen.tsx'],
  '/login/register': ['src/features/login/RegisterScreen.tsx'],
  '/login/logon': ['src/features/login/RegisterScreen.tsx'],
  // Home is outside MUI's theme (app/router): its layout comes at the first tap, not here.
  home: ['src/app/TabLayout.tsx', 'src/features/home/HomeScreen.tsx'],
  // MUI's theme and what it imports: the tab frame preloads it once home is idle
  // (app/preload-group.ts).
  theme: ['src/app/ThemedLayout.tsx'],
  // The catalogue's two parts (i18n/catalog.ts): the first before any screen, the rest past login.
  ...Object.fromEntries(
    LOCALES.flatMap((locale) => [
      [`first:${locale}`, [`src/i18n/parts/${locale}-first.ts`]],
      [`rest:${locale}`, [`src/i18n/parts/${locale}-rest.ts`]],
    ]),
  ),
}

/** What index.html carries for first-paint.js: file names once, and each group as their indexes. */
export interface PreloadPlan {
  files: string[]
  groups: Record<string, number[]>
}

/**
 * The files each group needs beyond what the entry already preloads: its modules' chunks and
 * every chunk they import, transitively, in load order (a chunk before the chunks it imports,
 * the order the browser would discover them).
 */
export function preloadPlan(
  bundle: Rollup.OutputBundle,
  entry: Rollup.OutputChunk,
  screens: Record<string, readonly string[]> = FIRST_SCREENS,
): PreloadPlan {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk')
  const byFile = new Map(chunks.map((c) => [c.fileName, c]))
  const closure = (start: readonly string[], skip: ReadonlySet<string>) => {
    const seen = new Set<string>()
    const visit = (file: string) => {
      if (seen.has(file) || skip.has(file)) return
      seen.add(file)
      for (const next of byFile.get(file)?.imports ?? []) visit(next)
    }
    start.forEach(visit)
    return [...seen]
  }
  const preloadedByEntry = new Set(closure([entry.fileName], new Set()))
  // Each file's index in `files`, the order they were first met.
  const index = new Map<string, number>()
  const groups: Record<string, number[]> = {}
  for (const [name, modules] of Object.entries(screens)) {
    const starts = modules.map((module) => {
      const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/${module}`))
      if (!chunk) throw new Error(`first-screen preloads: no chunk for ${module}`)
      return chunk.fileName
    })
    groups[name] = closure(starts, preloadedByEntry).map((file) => {
      if (!index.has(file)) index.set(file, index.size)
      return index.get(file) ?? 0
    })
  }
  return { files: [...index.keys()], groups }
}

/**
 * Lets the first screen's code download beside the entry script instead of after it. The entry
 * only learns which screen and which language it shows once it runs, and each lazy import found
 * then costs the phone another round trip: on the login screen opened directly the catalogue's
 * first part, then the texts it imports, then the screen's thirteen small chunks came one after
 * the other. index.html gets the plan as data (a JSON script the Content-Security-Policy allows);
 * public/first-paint.js, which already reads the stored language, adds the `modulepreload` links
 * for the hash path and the session it finds.
 */
export function firstScreenPreloads(): Plugin {
  let base = '/'
  return {
    name: 'kabu:first-screen-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle || !ctx.chunk || !ctx.filename.endsWith('/index.html')) return
        const { files, groups } = preloadPlan(ctx.bundle, ctx.chunk)
        const plan = JSON.stringify({ files: files.map((file) => base + file), groups })
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: 'first-screens' },
            // `<` never ends the tag early: file names have none, but a JSON script must not.
            children: plan.replaceAll('<', '\\u003c'),
            injectTo: 'head',
          },
        ]
      },
    },
  }
}
