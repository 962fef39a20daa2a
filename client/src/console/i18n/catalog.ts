import type { Locale } from '../../i18n/locale'

type Catalogue = Record<string, string>
type Part = () => Promise<{ default: Catalogue }>

// The console's texts and the server's refusal texts (shared with the customer app), one language
// per page view, each its own chunk.
const parts: Record<Locale, [Part, Part]> = {
  ja: [() => import('./ja'), () => import('../../i18n/locales/ja/server')],
  'zh-CN': [() => import('./zh-CN'), () => import('../../i18n/locales/zh-CN/server')],
  en: [() => import('./en'), () => import('../../i18n/locales/en/server')],
}

export async function loadConsoleMessages(locale: Locale): Promise<Catalogue> {
  const loaded = await Promise.all(parts[locale].map((part) => part()))
  return Object.assign({}, ...loaded.map((m) => m.default)) as Catalogue
}
