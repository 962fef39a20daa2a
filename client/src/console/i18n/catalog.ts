import type { Locale } from '../../i18n/locale'

type Catalogue = Record<string, string>
type Part = () => Promise<{ default: Catalogue }>

// The console's texts and the server's refusal texts, one language per page view, each its own
// chunk. The refusal texts are every `server.<key>` of the customer app's catalogue, wherever its
// area files keep them (an area's own keys, such as `server.ipo_draw_not_due`, live in its file,
// not in server.ts): the back office answers any key of shared/src/api/messages.ts.
const parts: Record<Locale, [Part, Part]> = {
  ja: [() => import('./ja'), () => import('../../i18n/locales/ja/index')],
  'zh-CN': [() => import('./zh-CN'), () => import('../../i18n/locales/zh-CN/index')],
  en: [() => import('./en'), () => import('../../i18n/locales/en/index')],
}

const serverTexts = (catalogue: Catalogue): Catalogue =>
  Object.fromEntries(Object.entries(catalogue).filter(([key]) => key.startsWith('server.')))

export async function loadConsoleMessages(locale: Locale): Promise<Catalogue> {
  const [own, app] = await Promise.all(parts[locale].map((part) => part()))
  return { ...own?.default, ...serverTexts(app?.default ?? {}) }
}
