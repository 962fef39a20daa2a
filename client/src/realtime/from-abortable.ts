import { Observable } from 'rxjs'

/**
 * A promise-returning call as an Observable that aborts the request when unsubscribed: `switchMap`
 * then cancels a superseded request on the wire, not just its answer.
 */
export function fromAbortable<T>(call: (signal: AbortSignal) => Promise<T>): Observable<T> {
  return new Observable<T>((subscriber) => {
    const controller = new AbortController()
    call(controller.signal).then(
      (value) => {
        subscriber.next(value)
        subscriber.complete()
      },
      (error: unknown) => {
        if (!controller.signal.aborted) subscriber.error(error)
      },
    )
    return () => controller.abort()
  })
}
