// Beside the api client because it reads the session's token and account from here on every call;
// state/ sits above api/ (it calls the api), so the stored keys cannot live there without a cycle.

/**
 * The localStorage keys the spec fixes (§3): other tools and older clients read the same keys, so
 * they are kept exactly as written there.
 */
export const STORAGE_KEYS = {
  token: 'tokend',
  account: 'account',
  language: 'language',
  upColor: 'upColor',
} as const

// localStorage throws in some private-browsing modes and does not exist in unit tests; the app must
// still run (in memory) when it is missing, so every access goes through these three.
export function readStored(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null
  } catch {
    return null
  }
}

export function writeStored(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value)
  } catch {
    // Storage full or denied: the value lives only for this page view.
  }
}

export function removeStored(key: string): void {
  try {
    globalThis.localStorage?.removeItem(key)
  } catch {
    // Nothing stored can be removed when storage is unavailable.
  }
}
