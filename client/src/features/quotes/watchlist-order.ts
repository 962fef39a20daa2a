/**
 * `list` with the item at `from` moved by `by` places (−1 up, +1 down); the same list when the
 * move would leave it.
 *
 * @example moved(['a', 'b', 'c'], 2, -1) // ['a', 'c', 'b']
 */
export function moved<T>(list: readonly T[], from: number, by: number): readonly T[] {
  const to = from + by
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return list
  const next = [...list]
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item as T)
  return next
}
