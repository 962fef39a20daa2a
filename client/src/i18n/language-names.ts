import type { Locale } from './locale'

/** Each language named in its own script, so anyone can find theirs whatever is shown now. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  ja: 'common.language.ja',
  'zh-CN': 'common.language.zh-CN',
  en: 'common.language.en',
}
