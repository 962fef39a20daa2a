/**
 * JSON that keeps bigints (amounts, ids) exact: they are stored as `{"$bigint":"123"}` and come
 * back as bigint, so a replayed idempotent answer is the same value the first call returned.
 */
const TAG = '$bigint'

export function toJson(value: unknown, options: { sortKeys?: boolean } = {}): string {
  return (
    JSON.stringify(value, (_key, v: unknown) => {
      if (typeof v === 'bigint') return { [TAG]: v.toString() }
      if (options.sortKeys && v && typeof v === 'object' && !Array.isArray(v)) {
        const record = v as Record<string, unknown>
        return Object.fromEntries(
          Object.keys(record)
            .sort()
            .map((k) => [k, record[k]]),
        )
      }
      return v
    }) ?? 'null'
  )
}

export function fromJson(text: string): unknown {
  return JSON.parse(text, (_key, v: unknown) => {
    if (v && typeof v === 'object' && TAG in v) {
      const tagged = (v as Record<string, unknown>)[TAG]
      if (typeof tagged === 'string') return BigInt(tagged)
    }
    return v
  })
}

/** PostgreSQL's serialization failure (40001) and deadlock (40P01): safe to run again. */
export function isRetryableConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false
  const code = (error as { code: unknown }).code
  return code === '40001' || code === '40P01'
}
