import type { VersionInfo } from '@kabu/shared/api/common'
import { fromPromise } from 'xstate'
import { vuePost } from '../../api/vue'
import { loadAppConfig } from '../../state/app-config'
import { startSession } from '../../state/session'
import { session } from '../../state/session-view'
import { readStored, removeStored, writeStored } from '../../api/storage'
import { yieldToMain } from '../../ui/when-idle'
import { startMachine } from './start.machine'

const PROBE_KEY = 'kabu:probe'

// The later steps' code; asked for at the first step so it downloads while the earlier steps wait
// on the network (the same promise is awaited where the step runs).
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
 * The start machine with the real work of each step. The realtime modules are imported here, on
 * demand, so socket.io-client and rxjs stay out of the login route's first download.
 */
export const liveStartMachine = startMachine.provide({
  actors: {
    boot: step(async () => {
      void loadRealtimeCode().catch(() => undefined)
      // Without storage a login would not survive a reload: say so now rather than later.
      writeStored(PROBE_KEY, '1')
      const ok = readStored(PROBE_KEY) === '1'
      removeStored(PROBE_KEY)
      if (!ok) throw { msg: 'storage_unavailable' }
      await startSession()
    }),
    checkVersion: step(() => vuePost<VersionInfo>('/common/version')),
    fetchQuotes: step(async () => {
      const [{ fetchIndices }] = await loadRealtimeCode()
      const indices = await fetchIndices()
      if (indices.length === 0) throw { msg: 'price_unavailable' }
    }),
    connectHost: step(async () => {
      const [, { connectQuotes }] = await loadRealtimeCode()
      await connectQuotes()
    }),
    fetchConfig: step(async () => {
      await loadAppConfig()
    }),
  },
  guards: { hasSession: () => Boolean(session.token) },
})
