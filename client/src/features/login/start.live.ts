import type { VersionInfo } from '@kabu/shared/api/common'
import { fromPromise } from 'xstate'
import { brokerPost } from '../../api/broker'
import { loadAppConfig } from '../../state/app-config'
import { startSession } from '../../state/session'
import { session } from '../../state/session-view'
import { readStored, removeStored, writeStored } from '../../api/storage'
import { yieldToMain } from '../../ui/when-idle'
import { startMachine } from './start.machine'

const PROBE_KEY = 'kabu:probe'

// The later steps' code, asked for at the first step with their requests (see `early`).
const importRealtime = () =>
  Promise.all([import('../../realtime/market-api'), import('../../realtime')])
let realtimeCode: ReturnType<typeof importRealtime> | undefined
const loadRealtimeCode = () =>
  (realtimeCode ??= importRealtime().catch((error: unknown) => {
    realtimeCode = undefined // a RETRY downloads again
    throw error
  }))

/**
 * A step that starts in a task of its own: the screen paints the previous step as done, and a tap
 * is handled, before this step's work (parsing a module, a JSON answer) takes the main thread.
 */
const step = <T>(work: () => Promise<T>) =>
  fromPromise<T>(async () => {
    await yieldToMain()
    return work()
  })

/**
 * A step's network work, begun early: every step's request is sent at the first step, so their
 * round trips overlap instead of adding up (on a slow phone network each is 150 ms or more). The
 * steps still finish in their order, each awaiting its own answer, so a failure is shown at its
 * own step; `take` hands the answer over once, and a RETRY sends the request again.
 */
function early<T>(send: () => Promise<T>) {
  let sent: Promise<T> | undefined
  return {
    begin() {
      if (sent) return
      sent = send()
      // Awaited by its step later; until then a refusal is not "unhandled".
      sent.catch(() => undefined)
    },
    take(): Promise<T> {
      const answer = sent ?? send()
      sent = undefined
      return answer
    },
  }
}

const version = early(() => brokerPost<VersionInfo>('/common/version'))
const indices = early(async () => (await (await loadRealtimeCode())[0].fetchIndices()).length)
const connection = early(async () => (await loadRealtimeCode())[1].connectQuotes())
const config = early(loadAppConfig)

/**
 * The start machine with the real work of each step. The realtime modules are imported here, on
 * demand, so socket.io-client and rxjs stay out of the login route's first download.
 */
export const liveStartMachine = startMachine.provide({
  actors: {
    boot: step(async () => {
      for (const request of [version, indices, connection, config]) request.begin()
      // Without a session the steps end on login: its code downloads while they run.
      if (!session.token) void import('./LoginScreen').catch(() => undefined)
      // Without storage a login would not survive a reload: say so now rather than later.
      writeStored(PROBE_KEY, '1')
      const ok = readStored(PROBE_KEY) === '1'
      removeStored(PROBE_KEY)
      if (!ok) throw { msg: 'storage_unavailable' }
      await startSession()
    }),
    checkVersion: step(() => version.take()),
    fetchQuotes: step(async () => {
      if ((await indices.take()) === 0) throw { msg: 'price_unavailable' }
    }),
    connectHost: step(() => connection.take()),
    fetchConfig: step(async () => {
      await config.take()
    }),
  },
  guards: { hasSession: () => Boolean(session.token) },
})
