import type { VitePWAOptions } from 'vite-plugin-pwa'

/**
 * The installable app: manifest, and a Workbox service worker that keeps the app shell (every
 * built file: html, scripts, catalogues, icons) for offline starts. Only the build's own files are
 * ever cached: /api (answers are per user and must be live), /socket.io and /health always go to
 * the network, and offline the app says it is offline instead of showing stale money. The worker
 * also shows Web Push notifications and opens their deep links (public/push-sw.js).
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  // A new build waits until the user accepts the "update available" prompt (app/pwa.ts).
  registerType: 'prompt',
  // Registered by app/pwa.ts once the first screen is idle, not by a script in index.html.
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  manifest: {
    id: '/',
    name: 'Kabu Mobile',
    short_name: 'Kabu',
    description: 'Live quotes and trading of Japanese, US and Chinese stocks (simulated market)',
    lang: 'ja',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#f4f6fa',
    theme_color: '#1f5fbf',
    categories: ['finance'],
    // Drawn by scripts/make-icons.ts.
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
    // The back-office console (its page and its own chunks) is no part of the customer's shell.
    globIgnores: ['ops.html', 'assets/console-*'],
    // Every page is the one index.html (hash routes); offline it comes from the precache.
    navigateFallback: '/index.html',
    // /ops/ is the back-office console's own page, never the customer app's.
    navigateFallbackDenylist: [/^\/api\//, /^\/socket\.io\//, /^\/health/, /^\/ops/],
    // Web Push: the `push` and `notificationclick` handlers (public/push-sw.js, issue 37).
    importScripts: ['push-sw.js'],
    // No runtime caching on purpose: requests outside the precache are never stored.
    runtimeCaching: [],
    cleanupOutdatedCaches: true,
    // The first visit's page is controlled at once (an offline reload works without a second
    // visit). Updates still wait for the prompt: skipWaiting stays off.
    clientsClaim: true,
  },
}
