import type { RefusalKey } from '@kabu/shared/api/messages'

/**
 * A rule said no. Services throw it; the /api/vue error handler turns it into
 * `{status:0, msg:key}` (HTTP 200, or `httpStatus` where the wire wants another, like 401 for a dead
 * session). Anything that is not a Refusal is a bug and becomes a logged 500.
 *
 * @example throw new Refusal('inviter_not_found')
 */
export class Refusal extends Error {
  constructor(
    readonly key: RefusalKey,
    readonly httpStatus = 200,
  ) {
    super(key)
    this.name = 'Refusal'
  }
}
