import type { SessionEvent } from './session.machine'

// Loaded on first use: the login route and screens that only read the session need no xstate.
const actorModule = () => import('./session-actor')

/** Starts the session machine: restores a stored session and checks it with getUserinfo. */
export async function startSession(): Promise<void> {
  ;(await actorModule()).startSessionActor()
}

/** Sends an event to the session machine, starting it first if this page view has not yet. */
export async function sendSession(event: SessionEvent): Promise<void> {
  const { sessionActor, startSessionActor } = await actorModule()
  startSessionActor()
  sessionActor.send(event)
}
