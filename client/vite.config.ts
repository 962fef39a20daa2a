import { parse } from '@formatjs/icu-messageformat-parser'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { pwaOptions } from './pwa.config'

// In development the gateway runs on 8080; the app is served by Vite and forwards the API, the
// socket and the health check to it, so both ends keep their production URLs.
const gateway = 'http://localhost:8080'

/**
 * Parses the translation catalogues at build time, so the browser receives ready message trees and
 * react-intl runs without its ICU parser (the parser is then aliased away, ~7 KB gzip less on every
 * route). The area files have one fixed shape: `export default { 'key': 'text', … } satisfies …`.
 */
function precompileMessages(): Plugin {
  const areaFile = /\/src\/i18n\/locales\/[^/]+\/(?!index\.)[^/]+\.ts$/
  return {
    name: 'kabu:precompile-messages',
    enforce: 'pre',
    transform(code, id) {
      if (!areaFile.test(id)) return null
      const literal = /export default (\{[\s\S]*\})\s*satisfies\s+Record<string,\s*string>/.exec(
        code,
      )?.[1]
      if (!literal)
        this.error(`${id}: expected "export default { … } satisfies Record<string, string>"`)
      const messages = new Function(`return (${literal})`)() as Record<string, string>
      const trees = Object.fromEntries(
        Object.entries(messages).map(([key, text]) => [key, parse(text)]),
      )
      return { code: `export default ${JSON.stringify(trees)}`, map: null }
    },
  }
}

/**
 * `/` opens the start screen, whose code the router asks for only once the entry has run: a
 * round trip later. Listing it (and what it imports) as modulepreload in index.html lets the
 * browser fetch it alongside the entry.
 */
function preloadFirstScreen(screen = '/src/features/login/StartScreen.tsx'): Plugin {
  return {
    name: 'kabu:preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk')
        const first = chunks.find((c) => c.facadeModuleId?.endsWith(screen))
        if (!first) throw new Error(`no chunk for ${screen}`)
        const files = new Set<string>()
        const visit = (file: string) => {
          if (files.has(file) || html.includes(`/${file}"`)) return
          files.add(file)
          chunks.find((c) => c.fileName === file)?.imports.forEach(visit)
        }
        visit(first.fileName)
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }))
      },
    },
  }
}

export default defineConfig({
  plugins: [precompileMessages(), react(), preloadFirstScreen(), VitePWA(pwaOptions)],
  resolve: {
    alias: [
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
      },
    ],
  },
  server: {
    proxy: {
      '/api': gateway,
      '/health': gateway,
      '/socket.io': { target: gateway, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Phones from the last few years; lets the build keep modern syntax (smaller, faster).
    target: 'es2022',
  },
})
