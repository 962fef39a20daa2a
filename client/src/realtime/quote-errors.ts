/** Why a quote stream failed or could not start. */
export class UnknownCodeError extends Error {
  constructor(readonly code: string) {
    super(`unknown code ${code}`)
  }
}
export class SubscribeRefusedError extends Error {
  constructor(readonly msg: string) {
    super(`subscribe refused: ${msg}`)
  }
}
export class QuotesConnectTimeoutError extends Error {
  constructor() {
    super('quotes socket did not connect in time')
  }
}
