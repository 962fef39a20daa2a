import type { Locale } from './locale'

// One chunk per language: a page view only ever downloads the catalogue it shows.
const loaders: Record<Locale, () => Promise<{ default: Record<string, string> }>> = {
  ja: () => import('./locales/ja'),
  'zh-CN': () => import('./locales/zh-CN'),
  en: () => import('./locales/en'),
}

/**
 * The catalogue of one language. In a Vite build each message arrives already parsed into an ICU
 * tree (vite.config.ts precompiles them), which react-intl accepts in place of the text.
 */
export async function loadMessages(locale: Locale): Promise<Record<string, string>> {
  return (await loaders[locale]()).default
}
