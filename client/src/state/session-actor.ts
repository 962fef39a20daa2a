import type { Userinfo } from '@kabu/shared/api/user'
import { createActor, fromPromise } from 'xstate'
import { onUnauthorized } from '../api/unauthorized'
import { brokerPost } from '../api/broker'
import { navigateTo } from './navigation'
import { session } from './session-view'
import { sessionMachine } from './session.machine'
import { removeStored, STORAGE_KEYS, writeStored } from '../api/storage'

/** The one running session machine of this page view, with the real storage, router and api. */
export const sessionActor = createActor(
  sessionMachine.provide({
    actions: {
      storeSession: (_, { token, account }) => {
        writeStored(STORAGE_KEYS.token, token)
        writeStored(STORAGE_KEYS.account, account)
      },
      clearSession: () => {
        removeStored(STORAGE_KEYS.token)
        removeStored(STORAGE_KEYS.account)
      },
      goToLogin: () => navigateTo('/login/login'),
    },
    actors: {
      loadUserinfo: fromPromise(({ input }) =>
        brokerPost<Userinfo>('/user/getUserinfo', { type: input.marketType }),
      ),
      logout: fromPromise(() => brokerPost<unknown>('/user/logout')),
    },
  }),
  { input: { token: session.token, account: session.account } },
)

let started = false

/** Idempotent: the first call mirrors the actor into the `session` store and starts it. */
export function startSessionActor(): void {
  if (started) return
  started = true
  sessionActor.subscribe((snapshot) => {
    const { token, account, userinfo } = snapshot.context
    session.token = token
    session.account = account
    session.userinfo = userinfo
  })
  onUnauthorized(() => sessionActor.send({ type: 'UNAUTHORIZED' }))
  sessionActor.start()
}
