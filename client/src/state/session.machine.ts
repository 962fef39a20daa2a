import type { Userinfo } from '@kabu/shared/api/user'
import type { MarketType } from '@kabu/shared/market/types'
import { assign, fromPromise, setup } from 'xstate'
import { isBrokerRefusal } from '../api/refusal'
import { notProvided } from './machine-helpers'

/** Spec §9: a 401 (or a refused getUserinfo) leaves the toast up this long before going to login. */
export const SESSION_EXPIRY_DELAY_MS = 1500

export interface SessionContext {
  token: string | null
  account: string | null
  userinfo: Userinfo | null
  /** The market whose balance getUserinfo reports (`type`). */
  marketType: MarketType
}

export type SessionEvent =
  | { type: 'LOGGED_IN'; token: string; account: string }
  | { type: 'REFRESH'; marketType?: MarketType }
  | { type: 'LOGOUT' }
  /** Any call answered HTTP 401. */
  | { type: 'UNAUTHORIZED' }
  /** The server ended every session itself (password changed): no logout call is needed. */
  | { type: 'SESSION_ENDED' }

export interface SessionInput {
  token: string | null
  account: string | null
}

/** True when the server answered and said no (status ≠ 1 or 401), as opposed to a network failure. */
export const serverRefused = (error: unknown): boolean =>
  isBrokerRefusal(error) &&
  (error.httpStatus === 401 || (error.httpStatus >= 200 && error.httpStatus < 300))

/**
 * The session's life (spec §4): start → loggedOut ⇄ loggedIn → expired → loggedOut. Storage,
 * navigation and the /api/vue calls are injected with `.provide()`, so the same machine runs in the
 * app, in unit tests with fake actors and in model-based tests against a real gateway.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    loadUserinfo: fromPromise<Userinfo, { marketType: MarketType }>(notProvided('loadUserinfo')),
    logout: fromPromise<unknown>(notProvided('logout')),
  },
  actions: {
    /** Writes `tokend` and `account` to storage. */
    storeSession: (_, _params: { token: string; account: string }) => {},
    /** Removes `tokend` and `account` from storage. */
    clearSession: () => {},
    goToLogin: () => {},
  },
  guards: {
    hasStoredSession: ({ context }) => Boolean(context.token && context.account),
    serverRefused: (_, params: { error: unknown }) => serverRefused(params.error),
  },
  delays: { expiryDelay: SESSION_EXPIRY_DELAY_MS },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ ...input, userinfo: null, marketType: 'jpy' }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasStoredSession', target: 'loggedIn' }, { target: 'loggedOut' }],
    },
    loggedOut: {
      tags: ['anonymous'],
      entry: assign({ token: null, account: null, userinfo: null }),
      on: {
        LOGGED_IN: {
          target: 'loggedIn',
          actions: [
            assign(({ event }) => ({ token: event.token, account: event.account })),
            {
              type: 'storeSession',
              params: ({ event }) => ({ token: event.token, account: event.account }),
            },
          ],
        },
      },
    },
    loggedIn: {
      tags: ['authenticated'],
      initial: 'loading',
      on: {
        // Logging in again (another account, or a fresh token) replaces the session in place.
        LOGGED_IN: {
          target: 'loggedIn',
          reenter: true,
          actions: [
            assign(({ event }) => ({ token: event.token, account: event.account, userinfo: null })),
            {
              type: 'storeSession',
              params: ({ event }) => ({ token: event.token, account: event.account }),
            },
          ],
        },
        LOGOUT: 'loggingOut',
        UNAUTHORIZED: 'expired',
        SESSION_ENDED: { target: 'loggedOut', actions: ['clearSession', 'goToLogin'] },
        REFRESH: {
          target: '.loading',
          reenter: true,
          actions: assign(({ context, event }) => ({
            marketType: event.marketType ?? context.marketType,
          })),
        },
      },
      states: {
        loading: {
          tags: ['loadingUserinfo'],
          invoke: {
            src: 'loadUserinfo',
            input: ({ context }) => ({ marketType: context.marketType }),
            onDone: { target: 'ready', actions: assign({ userinfo: ({ event }) => event.output }) },
            onError: [
              {
                guard: { type: 'serverRefused', params: ({ event }) => ({ error: event.error }) },
                target: '#session.expired',
              },
              // Offline or 5xx: the session may still be good; keep it and let the user retry.
              { target: 'unavailable' },
            ],
          },
        },
        ready: {},
        unavailable: { tags: ['userinfoUnavailable'] },
      },
    },
    loggingOut: {
      tags: ['authenticated'],
      invoke: {
        src: 'logout',
        // Logging out locally must not depend on the server answering.
        onDone: { target: 'loggedOut', actions: ['clearSession', 'goToLogin'] },
        onError: { target: 'loggedOut', actions: ['clearSession', 'goToLogin'] },
      },
    },
    expired: {
      after: {
        expiryDelay: { target: 'loggedOut', actions: ['clearSession', 'goToLogin'] },
      },
    },
  },
})
