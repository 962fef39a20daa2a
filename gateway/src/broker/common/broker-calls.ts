import type { Ok } from '@kabu/shared/api/envelope'
import type { Logger } from 'pino'
import { z } from 'zod'
import type { SessionUser } from './session-user'

// The contract between the broker's areas and the /api/vue router (http/broker-router.ts) that serves
// them: areas register calls, the router parses forms, checks sessions and writes the envelope.

/** The request's Host header and the page's Origin header (absent outside browsers). */
export interface CallSite {
  host: string
  origin: string | undefined
}

/** What a /api/vue handler receives. */
export interface BrokerCall<User, Input = unknown> {
  /** The form fields as sent: untrusted. */
  body: Record<string, unknown>
  /** The form as the call's request schema parsed it (invalid forms never reach the handler). */
  input: Input
  /** The caller (authed calls), or null (open calls). */
  user: User
  /** The caller's address, as express sees it (the login throttle counts by it). */
  ip: string
  /** Where the page that called says it is: passkeys are bound to it (second-factor area). */
  site: CallSite
  log: Logger
}

export type BrokerHandler<User, Input = unknown> = (
  call: BrokerCall<User, Input>,
) => Promise<Ok<unknown>>

/** A file a call answers with instead of the envelope (the ledger export's CSV). */
export interface BrokerFile {
  filename: string
  /** e.g. `text/csv; charset=utf-8` */
  contentType: string
  body: string
}

export type BrokerFileHandler<User, Input = unknown> = (
  call: BrokerCall<User, Input>,
) => Promise<BrokerFile>

/**
 * Where an area registers its calls; paths are relative to /api/vue, e.g. `/user/login`.
 *
 * Each call names its request schema: the router parses the form with it before the handler runs,
 * and the route table keeps it, so tests can walk every call's form (tests/api/every-route-*).
 * (The form without a schema is still accepted so a call written before this can be merged, but the
 * route-table test refuses it.)
 */
export interface BrokerRoutes {
  /** A call anyone may make. `rateLimited`: counted per IP (login, register). */
  open<S extends z.ZodType>(
    path: string,
    schema: S,
    handler: BrokerHandler<null, z.output<S>>,
    options?: { rateLimited?: boolean },
  ): void
  open(path: string, handler: BrokerHandler<null>, options?: { rateLimited?: boolean }): void
  /** A call that needs a live session; anything else gets HTTP 401 please_login_again. */
  authed<S extends z.ZodType>(
    path: string,
    schema: S,
    handler: BrokerHandler<SessionUser, z.output<S>>,
  ): void
  authed(path: string, handler: BrokerHandler<SessionUser>): void
  /**
   * An authed call that answers with a file (HTTP 200, the file's type, as an attachment); a
   * refusal still answers the envelope `{status:0, msg}`.
   */
  authedFile<S extends z.ZodType>(
    path: string,
    schema: S,
    handler: BrokerFileHandler<SessionUser, z.output<S>>,
  ): void
}

/** The schema of a call that reads no field (any form passes; its fields are ignored). */
export const noForm = z.object({})

/** One broker area's registration: `(routes) => { routes.open(...); routes.authed(...) }`. */
export type BrokerCalls = (routes: BrokerRoutes) => void
