/**
 * Runs tasks with the same key one after another, tasks with different keys side by side. Keys
 * are removed once their last task settles, so the map only holds what is in flight.
 */
export function createKeyedLock() {
  const tails = new Map<string, Promise<unknown>>()
  return function withLock<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve()
    const run = previous.then(task, task)
    const tail = run.catch(() => undefined)
    tails.set(key, tail)
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key)
    })
    return run
  }
}
