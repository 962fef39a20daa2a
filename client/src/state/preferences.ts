import { proxy } from 'valtio'
import { parseLocale, STORED_CODE, type Locale } from '../i18n/locale'
import { readStored, STORAGE_KEYS, writeStored } from '../api/storage'

/** Which colour a rising price is drawn in; a fall takes the other. Japanese users expect red. */
export type UpColor = 'red' | 'green'

export interface Preferences {
  locale: Locale
  upColor: UpColor
}

const parseUpColor = (stored: string | null): UpColor => (stored === 'green' ? 'green' : 'red')

/** User preferences, read once from storage at start. Components read it with `useSnapshot`. */
export const preferences = proxy<Preferences>({
  locale: parseLocale(readStored(STORAGE_KEYS.language)),
  upColor: parseUpColor(readStored(STORAGE_KEYS.upColor)),
})

/**
 * Saves the language and reloads: the catalogue, number formats and the `<html lang>` are chosen
 * once at boot (spec §4: "choosing a language saves it and reloads the page").
 */
export function setLocale(locale: Locale): void {
  writeStored(STORAGE_KEYS.language, STORED_CODE[locale])
  globalThis.location?.reload()
}

/** Takes effect at once: price components read `preferences.upColor` on every render. */
export function setUpColor(upColor: UpColor): void {
  preferences.upColor = upColor
  writeStored(STORAGE_KEYS.upColor, upColor)
}
