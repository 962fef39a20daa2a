import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib'
import { parse } from '@formatjs/icu-messageformat-parser'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { firstScreenPreloads } from './build/first-screen-preloads.ts'
import { pwaOptions } from './pwa.config.ts'

// In development the gateway runs on 8080; the app is served by Vite and forwards the API, the
// socket and the health check to it, so both ends keep their production URLs.
const gateway = 'http://localhost:8080'

/**
 * Parses the translation catalogues at build time, so the browser receives ready message trees and
 * react-intl runs without its ICU parser (the parser is then aliased away, ~7 KB gzip less on every
 * route). The area files have one fixed shape: `export default { 'key': 'text', … } satisfies …`.
 */
function precompileMessages(): Plugin {
  // The customer app's area files, and the back-office console's own catalogues.
  const areaFile =
    /\/src\/(i18n\/locales\/[^/]+\/(?!index\.)[^/]+|console\/i18n\/(?!catalog\.)[^/]+)\.ts$/
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
 * Writes a Brotli copy (`x.js.br`) of every script and stylesheet of the build, at the highest
 * quality, once: the gateway sends it to browsers that accept br (express-static-gzip), ~13 % fewer
 * bytes than its on-the-fly gzip on the first screen's scripts (issue 15), and no compression work
 * per request. Node's own zlib does it; the build takes about a second longer.
 */
function brotliCopies(): Plugin {
  let outDir = ''
  return {
    name: 'kabu:brotli-copies',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    writeBundle(_options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css)$/.test(file)) continue
        const full = path.join(outDir, file)
        const compressed = brotliCompressSync(readFileSync(full), {
          params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 },
        })
        writeFileSync(`${full}.br`, compressed)
      }
    },
  }
}

/**
 * react-router's exports have no "production" condition, so every bundler gets its development
 * build, whose dev-only warnings then ride in the first chunk. The production build beside it is
 * the same code with them switched off (`ENABLE_DEV_WARNINGS = false`). The build points both
 * entries the app reaches (react-router, and react-router/dom through react-router-dom) there, so
 * they share one copy: 1.7 KB less parsed, 0.4 KB br, on every first screen (issue 15). `vite` in
 * development keeps the warnings.
 */
function reactRouterProductionBuild(): Plugin {
  const dist = path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production',
  )
  const entries: Record<string, string> = {
    'react-router': path.join(dist, 'index.mjs'),
    'react-router/dom': path.join(dist, 'dom-export.mjs'),
  }
  return {
    name: 'kabu:react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId: (source) => entries[source] ?? null,
  }
}

const isConsole = (id: string | null) => id?.includes('/src/console/') === true

export default defineConfig({
  plugins: [
    precompileMessages(),
    reactRouterProductionBuild(),
    react(),
    firstScreenPreloads(),
    VitePWA(pwaOptions),
    brotliCopies(),
  ],
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
    // Two pages: the customer app, and the back-office console at /ops/ (client/ops.html), whose
    // code no chunk of the customer app imports.
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        ops: fileURLToPath(new URL('./ops.html', import.meta.url)),
      },
      // The console's own files are named `console-*`, so the customer's worker can leave them out
      // of its precache (pwa.config.ts): a phone never downloads the back office.
      output: {
        entryFileNames: (chunk) =>
          chunk.name === 'ops' ? 'assets/console-[name]-[hash].js' : 'assets/[name]-[hash].js',
        chunkFileNames: (chunk) =>
          isConsole(chunk.facadeModuleId) ||
          (chunk.moduleIds.length > 0 && chunk.moduleIds.every(isConsole))
            ? 'assets/console-[name]-[hash].js'
            : 'assets/[name]-[hash].js',
      },
    },
  },
})
