/** The interface languages. `ja` is the default (spec §1). */
export type Locale = 'ja' | 'zh-CN' | 'en'

export const LOCALES: readonly Locale[] = ['ja', 'zh-CN', 'en']
export const DEFAULT_LOCALE: Locale = 'ja'

// Older clients stored the spec's own codes (`jp`, `cn`, `us`); a user upgrading keeps their choice.
const LEGACY: Record<string, Locale> = {
  jp: 'ja',
  cn: 'zh-CN',
  us: 'en',
  zh: 'zh-CN',
  'zh-cn': 'zh-CN',
}

/** Reads a stored `language` value, accepting legacy codes; anything unknown means Japanese. */
export function parseLocale(stored: string | null | undefined): Locale {
  if (!stored) return DEFAULT_LOCALE
  if ((LOCALES as readonly string[]).includes(stored)) return stored as Locale
  return LEGACY[stored.toLowerCase()] ?? DEFAULT_LOCALE
}
