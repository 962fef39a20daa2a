/** The interface languages. `ja` is the default (spec §1). */
export type Locale = 'ja' | 'zh-CN' | 'en'

export const LOCALES: readonly Locale[] = ['ja', 'zh-CN', 'en']
export const DEFAULT_LOCALE: Locale = 'ja'

/**
 * What `language` stores: the spec's own codes (§1: jp, cn, us), which tools outside the app
 * (QA's model-based tests) read and write.
 */
export const STORED_CODE: Record<Locale, string> = { ja: 'jp', 'zh-CN': 'cn', en: 'us' }

// The spec's codes, and the tags this client stored before (`ja`, `zh-CN`, `en`, read as they are):
// a user upgrading keeps their choice.
const LEGACY: Record<string, Locale> = {
  jp: 'ja',
  cn: 'zh-CN',
  us: 'en',
  zh: 'zh-CN',
  'zh-cn': 'zh-CN',
}

/** Reads a stored `language` value, spec code or tag; anything unknown means Japanese. */
export function parseLocale(stored: string | null | undefined): Locale {
  if (!stored) return DEFAULT_LOCALE
  if ((LOCALES as readonly string[]).includes(stored)) return stored as Locale
  return LEGACY[stored.toLowerCase()] ?? DEFAULT_LOCALE
}
