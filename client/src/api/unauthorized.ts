/**
 * HTTP 401 is heard by whoever owns the session (state/session.ts); the api client only announces
 * it, so the client does not depend on the session and the session can use the client.
 */
type Listener = () => void
const listeners = new Set<Listener>()

export function onUnauthorized(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function announceUnauthorized(): void {
  for (const listener of listeners) listener()
}
