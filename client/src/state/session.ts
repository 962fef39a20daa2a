import type { Userinfo } from '@kabu/shared/api/user'
import { proxy } from 'valtio'
import type { SessionEvent } from './session.machine'
import { readStored, STORAGE_KEYS } from '../api/storage'

export interface SessionView {
  token: string | null
  account: string | null
  userinfo: Userinfo | null
}

/**
 * What React renders of the session: a projection of the session actor (state/session-actor.ts),
 * written only by it. Kept apart from the actor so screens that only read it (and the login route)
 * do not download the state-machine library up front.
 */
export const session = proxy<SessionView>({
  token: readStored(STORAGE_KEYS.token),
  account: readStored(STORAGE_KEYS.account),
  userinfo: null,
})

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
