/**
 * What every machine with injected calls shares: the stand-in for an actor the screen must give,
 * and how a failed call becomes the message key the screen shows.
 */

/** An actor the screen must replace: failing loudly beats a machine stuck in `loading`. */
export const notProvided = (name: string) => () =>
  Promise.reject(new Error(`${name} is not provided`))

/** The message key of a refused call, or `network_error` when the server never answered. */
export const errorKey = (error: unknown): string => {
  const msg = (error as { msg?: unknown } | null)?.msg
  return typeof msg === 'string' && msg !== '' ? msg : 'network_error'
}

/** The action of a failed call's `onError`: keeps the refusal's key for the screen to show. */
export const recordFailure = {
  type: 'recordError',
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const

/** The params of an `onDone` action that keeps what the call answered. */
export const outputOf = <T>({ event }: { event: { output: T } }) => event.output
