/**
 * The SQLite connection's lock, handed on first come, first served: the group commit's COMMIT
 * queues behind the transactions already waiting, so they join the group before it commits.
 */
export class FifoLock {
  #held = false
  #waiting: Array<() => void> = []

  async acquire(): Promise<void> {
    if (!this.#held) {
      this.#held = true
      return
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve))
  }

  release(): void {
    const next = this.#waiting.shift()
    if (next) next()
    else this.#held = false
  }
}
