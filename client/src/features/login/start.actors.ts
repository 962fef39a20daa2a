import type { VersionInfo } from '@kabu/shared/api/common'
import { fromPromise } from 'xstate'
import { vuePost } from '../../api/vue'
import { loadAppConfig } from '../../state/app-config'
import { startSession } from '../../state/session'
import { session } from '../../state/session-view'
import { readStored, removeStored, writeStored } from '../../api/storage'
import { startMachine } from './start.machine'

const PROBE_KEY = 'kabu:probe'

/**
 * The start machine with the real work of each step. The realtime modules are imported here, on
 * demand, so socket.io-client and rxjs stay out of the login route's first download.
 */
export const liveStartMachine = startMachine.provide({
  actors: {
    boot: fromPromise(async () => {
      // Without storage a login would not survive a reload: say so now rather than later.
      writeStored(PROBE_KEY, '1')
      const ok = readStored(PROBE_KEY) === '1'
      removeStored(PROBE_KEY)
      if (!ok) throw { msg: 'storage_unavailable' }
      await startSession()
    }),
    checkVersion: fromPromise(() => vuePost<VersionInfo>('/common/version')),
    fetchQuotes: fromPromise(async () => {
      const { fetchIndices } = await import('../../realtime/market-api')
      const indices = await fetchIndices()
      if (indices.length === 0) throw { msg: 'price_unavailable' }
    }),
    connectHost: fromPromise(async () => {
      const { connectQuotes } = await import('../../realtime')
      await connectQuotes()
    }),
    fetchConfig: fromPromise(async () => {
      await loadAppConfig()
    }),
  },
  guards: { hasSession: () => Boolean(session.token) },
})
