import type { BrokerClientDeps } from './broker-client'

/**
 * What the api tells the user about its calls: a refusal's text (an error toast), that toasts are
 * to go (a 503 or 404, spec §8), and whether any request is running (the busy toast).
 * The toast is ui's, a layer above the api (eslint.config.js), so the api only reports these to
 * the sink the page installs at boot (main.tsx); before that, and in a test, they go nowhere.
 */
export type ApiNotices = Pick<BrokerClientDeps, 'toast' | 'dismissToasts' | 'setBusy'>

let sink: ApiNotices | undefined

export function sendApiNoticesTo(next: ApiNotices): void {
  sink = next
}

/** The api's side: each notice goes to the sink installed when it is sent. */
export const apiNotices: ApiNotices = {
  toast: (text, durationMs) => sink?.toast(text, durationMs),
  dismissToasts: () => sink?.dismissToasts(),
  setBusy: (busy) => sink?.setBusy(busy),
}
