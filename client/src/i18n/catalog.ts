import type { Locale } from './locale'

type Part = () => Promise<{ default: Record<string, string> }>

// Two chunks per language: a page view downloads only its own language, and the login screen
// waits only for the texts it shows (a fifth of the catalogue); the rest follows in the background.
const parts: Record<Locale, { first: Part; rest: Part }> = {
  ja: { first: () => import('./parts/ja-first'), rest: () => import('./parts/ja-rest') },
  'zh-CN': {
    first: () => import('./parts/zh-CN-first'),
    rest: () => import('./parts/zh-CN-rest'),
  },
  en: { first: () => import('./parts/en-first'), rest: () => import('./parts/en-rest') },
}

let first: Promise<{ locale: Locale; messages: Record<string, string> }> | undefined
let completing: Promise<void> | undefined

/**
 * The first part of one language's catalogue: common, login and server texts. In a Vite build
 * each message arrives already parsed into an ICU tree (vite.config.ts precompiles them), which
 * react-intl accepts in place of the text. The object returned is the one `completeCatalogue`
 * later fills, so the intl built on it knows every text once that has resolved.
 */
export async function loadMessages(locale: Locale): Promise<Record<string, string>> {
  first ??= parts[locale].first().then((m) => ({ locale, messages: { ...m.default } }))
  return (await first).messages
}

/**
 * Adds the rest of the catalogue to the messages `loadMessages` returned (once; later calls share
 * the download). Screens past login wait for it before they render (app/router.tsx), so nothing
 * ever renders a missing text. Filled in place rather than rebuilding intl: a new intl object would
 * re-render the whole tree for texts that no rendered screen uses yet.
 */
export function completeCatalogue(): Promise<void> {
  if (!first) return Promise.reject(new Error('loadMessages has not been called'))
  completing ??= first.then(async ({ locale, messages }) => {
    Object.assign(messages, (await parts[locale].rest()).default)
  })
  completing.catch(() => {
    // A failed download is tried again by the next screen that asks (the route's error shows).
    completing = undefined
  })
  return completing
}
