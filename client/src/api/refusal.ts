/**
 * Why a /api/vue call did not give data: the server's `msg` (a key of shared/src/api/messages.ts, or
 * an upstream broker's own text) and the HTTP status it came with. Screens catch it to stop a
 * spinner; the toast has already told the user.
 */
export class BrokerRefusal extends Error {
  override readonly name = 'BrokerRefusal'

  constructor(
    readonly msg: string,
    readonly httpStatus: number,
  ) {
    super(msg)
  }
}

export const isBrokerRefusal = (e: unknown): e is BrokerRefusal => e instanceof BrokerRefusal
