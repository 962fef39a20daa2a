import type { Userinfo } from '@kabu/shared/api/user'
import { proxy } from 'valtio'
import { readStored, STORAGE_KEYS } from '../api/storage'

export interface SessionView {
  token: string | null
  account: string | null
  userinfo: Userinfo | null
}

/**
 * What React renders of the session: a projection of the session actor (`session-actor.ts`),
 * written only by it. Kept apart from the actor (and from `session.ts`, which loads the actor) so
 * screens that only read it do not download the state-machine library up front, and the actor can
 * write it without importing its own loader.
 */
export const session = proxy<SessionView>({
  token: readStored(STORAGE_KEYS.token),
  account: readStored(STORAGE_KEYS.account),
  userinfo: null,
})
