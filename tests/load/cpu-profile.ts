import { writeFileSync } from 'node:fs'
import { Session, type Profiler } from 'node:inspector/promises'

/**
 * Starts V8's sampling profiler when a file is named (a load script's `…_PROFILE` variable); the
 * function returned stops it, writes the profile there (open it in Chrome's DevTools) and prints
 * the functions that took the most samples themselves, so a run says where its time went.
 */
export async function profileInto(file: string | undefined): Promise<() => Promise<void>> {
  if (!file) return async () => {}
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.start')
  return async () => {
    const { profile } = await session.post('Profiler.stop')
    writeFileSync(file, JSON.stringify(profile))
    session.disconnect()
    console.log(`  profile written to ${file}; most self time:`)
    for (const line of topSelf(profile, 15)) console.log(`    ${line}`)
  }
}

/** Self time per function (name and file:line), largest first, as a share of all samples. */
function topSelf(profile: Profiler.Profile, top: number): string[] {
  const total = profile.samples?.length ?? 0
  const hits = new Map<number, number>()
  for (const id of profile.samples ?? []) hits.set(id, (hits.get(id) ?? 0) + 1)
  const byFunction = new Map<string, number>()
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame
    const where = url ? ` ${url.replace(/^.*\/(node_modules|src)\//, '$1/')}:${lineNumber + 1}` : ''
    const name = `${functionName || '(anonymous)'}${where}`
    byFunction.set(name, (byFunction.get(name) ?? 0) + (hits.get(node.id) ?? 0))
  }
  return [...byFunction]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, n]) => `${((n / Math.max(1, total)) * 100).toFixed(1).padStart(5)} %  ${name}`)
}
