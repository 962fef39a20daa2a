/**
 * Reads from the gateway every `everyMs` and hands each answer to `onAnswer` until stopped: how the
 * model tests' machines hear a verdict or a status "as a screen would". A read that fails (the busy
 * CI machine once reset one, and the unhandled rejection failed the whole run) is simply made again
 * at the next tick; an answer that arrives after `stop` is dropped. `onAnswer` gets `stop` too, for
 * a watch that ends at its first verdict. Returns `stop`, the cleanup an xstate callback returns.
 */
export function pollGateway<T>(
  read: () => Promise<T>,
  onAnswer: (answer: T, stop: () => void) => void,
  everyMs = 50,
): () => void {
  let stopped = false
  const stop = () => {
    stopped = true
    clearInterval(timer)
  }
  const timer = setInterval(() => {
    read().then(
      (answer) => {
        if (!stopped) onAnswer(answer, stop)
      },
      () => undefined,
    )
  }, everyMs)
  return stop
}
