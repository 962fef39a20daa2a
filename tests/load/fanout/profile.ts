/**
 * `fanout.ts --profile=cpu|alloc`: a server process profiles itself over its first measured stretch
 * (from one `usage` to the next) and writes the profile to FANOUT_PROFILE_DIR, named by setup and
 * pid, for Chrome DevTools (Performance / Memory tab: Load profile). `alloc` samples every
 * allocation, the collected ones too: what the collector has to clear, not what stays.
 */
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import path from 'node:path'

export type ProfileKind = 'cpu' | 'alloc'

export function selfProfiler(kind: ProfileKind, dir: string, name: string) {
  const session = new Session()
  session.connect()
  let state: 'idle' | 'running' | 'written' = 'idle'
  return {
    /** Starts at the first call, writes the profile at the second; later calls do nothing. */
    async mark(): Promise<void> {
      if (state === 'idle') {
        state = 'running'
        if (kind === 'cpu') {
          await session.post('Profiler.enable')
          await session.post('Profiler.start')
        } else {
          await session.post('HeapProfiler.enable')
          await session.post('HeapProfiler.startSampling', {
            samplingInterval: 16_384,
            includeObjectsCollectedByMajorGC: true,
            includeObjectsCollectedByMinorGC: true,
          })
        }
      } else if (state === 'running') {
        state = 'written'
        const { profile } =
          kind === 'cpu'
            ? await session.post('Profiler.stop')
            : await session.post('HeapProfiler.stopSampling')
        const file = path.join(dir, `${name}.${kind === 'cpu' ? 'cpuprofile' : 'heapprofile'}`)
        writeFileSync(file, JSON.stringify(profile))
        session.disconnect()
      }
    },
  }
}
