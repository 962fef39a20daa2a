import type { LocalName } from '@kabu/shared/market/types'

/** The name of an instrument in the interface language (`zh-CN` reads the Chinese name). */
export function localName(name: LocalName, locale: string): string {
  if (locale.startsWith('zh')) return name.zh
  if (locale.startsWith('en')) return name.en
  return name.ja
}
