import type { Ok } from '@kabu/shared/api/envelope'
import type { Logger } from 'pino'
import type { SessionUser } from './session-user'

// The contract between the broker's areas and the /api/vue router (http/vue-router.ts) that serves
// them: areas register calls, the router parses forms, checks sessions and writes the envelope.

/** The request's Host header and the page's Origin header (absent outside browsers). */
export interface CallSite {
  host: string
  origin: string | undefined
}

/** What a /api/vue handler receives. */
export interface VueCall<User> {
  /** The form fields as sent: untrusted, parse them with the area's zod schema. */
  body: Record<string, unknown>
  /** The caller (authed calls), or null (open calls). */
  user: User
  /** The caller's address, as express sees it (the login throttle counts by it). */
  ip: string
  /** Where the page that called says it is: passkeys are bound to it (second-factor area). */
  site: CallSite
  log: Logger
}

export type VueHandler<User> = (call: VueCall<User>) => Promise<Ok<unknown>>

/** Where an area registers its calls; paths are relative to /api/vue, e.g. `/user/login`. */
export interface VueRoutes {
  /** A call anyone may make. `rateLimited`: counted per IP (login, register). */
  open(path: string, handler: VueHandler<null>, options?: { rateLimited?: boolean }): void
  /** A call that needs a live session; anything else gets HTTP 401 please_login_again. */
  authed(path: string, handler: VueHandler<SessionUser>): void
}

/** One broker area's registration: `(routes) => { routes.open(...); routes.authed(...) }`. */
export type VueArea = (routes: VueRoutes) => void
