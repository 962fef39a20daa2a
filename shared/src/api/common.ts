/** `data` of /common/config: name/value pairs (`kefu` is the customer-service link). */
export type ConfigEntry = { name: string; value: string }

/** `data` of /common/version. The start screen refuses to go on when the app is older than min_client. */
export interface VersionInfo {
  version: string
  min_client: string
}

/** The client's own version, compared with `min_client`. */
export const CLIENT_VERSION = '0.1.0'

/** Compares dotted versions numerically: -1, 0 or 1. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number)
  const pb = b.split('.').map(Number)
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0)
    if (d !== 0) return Math.sign(d)
  }
  return 0
}
