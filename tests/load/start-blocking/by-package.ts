/**
 * A CPU profile's self time summed by what owns the code: the npm package (`react-dom`,
 * `@mui/system`, …) or the app's own folder (`src/features/login/`), found through the build's
 * source maps (`vite build --sourcemap`); without a map, the chunk's file name. With BY_FILE=1, by
 * source file and function instead (which line of ours costs the most).
 */
import fs from 'node:fs'
import path from 'node:path'
import { SourceMapConsumer } from 'source-map-js'

export interface CpuProfile {
  nodes: {
    id: number
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
    children?: number[]
  }[]
  /** Microseconds, on the trace's clock. */
  startTime: number
  samples: number[]
  timeDeltas: number[]
}

type Frame = CpuProfile['nodes'][number]['callFrame']

/** Where a frame's code comes from (source file and line), through the build's source maps. */
function positionOf(distDir: string) {
  const maps = new Map<string, SourceMapConsumer | null>()
  const consumer = (url: string) => {
    if (!maps.has(url)) {
      const file = path.join(distDir, new URL(url).pathname + '.map')
      const map = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null
      maps.set(url, map ? new SourceMapConsumer(map) : null)
    }
    return maps.get(url)!
  }
  return (frame: Frame) =>
    frame.url
      ? consumer(frame.url)?.originalPositionFor({
          line: frame.lineNumber + 1,
          column: frame.columnNumber,
        })
      : undefined
}

/** The source file a frame's code comes from. */
function sourceOf(distDir: string) {
  const position = positionOf(distDir)
  return (frame: Frame) => position(frame)?.source ?? undefined
}

/** A frame as `file:line` of its source (package-relative), or the chunk and name without a map. */
function lineOf(distDir: string) {
  const position = positionOf(distDir)
  return (frame: Frame): string => {
    if (!frame.url) return `(native ${frame.functionName || 'code'})`
    const at = position(frame)
    if (!at?.source) return `${path.basename(new URL(frame.url).pathname)} ${frame.functionName}`
    return `${at.source.replace(/^.*\/(src|node_modules)\//, '')}:${at.line} ${frame.functionName}`
  }
}

export function selfTimeByPackage(profile: CpuProfile, distDir: string): Map<string, number> {
  const sourceFor = sourceOf(distDir)
  const owner = (frame: Frame): string => {
    if (!frame.url) return `(native ${frame.functionName || 'code'})`
    const source = sourceFor(frame)
    if (!source) return path.basename(new URL(frame.url).pathname)
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1]
    if (process.env.BY_FILE)
      return `${source.replace(/^.*\/(src|node_modules)\//, '$1/')} ${frame.functionName}`
    return pkg ?? /src\/(?:[^/]+\/){0,2}/.exec(source)?.[0] ?? source
  }
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const self = new Map<string, number>()
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame
    if (frame.functionName === '(idle)' || frame.functionName === '(program)') return
    const who = owner(frame)
    self.set(who, (self.get(who) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000)
  })
  return self
}

/**
 * The app's own functions (`src/…`) on the stack of the samples taken between `from` and `to`
 * (trace microseconds), with the time each was on it: which of our code a long task ran under.
 */
export function appTimeBetween(
  profile: CpuProfile,
  distDir: string,
  from: number,
  to: number,
): Map<string, number> {
  const sourceFor = sourceOf(distDir)
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const label = new Map<number, string | null>()
  const labelOf = (id: number) => {
    if (!label.has(id)) {
      const frame = byId.get(id)!.callFrame
      const source = sourceFor(frame)
      label.set(
        id,
        source && !source.includes('node_modules')
          ? `${source.replace(/^.*\/src\//, 'src/')} ${frame.functionName}`
          : null,
      )
    }
    return label.get(id)!
  }
  const time = new Map<string, number>()
  eachSampleBetween(profile, from, to, (id, ms) => {
    const seen = new Set<string>()
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const l = labelOf(n)
      if (l) seen.add(l)
    }
    for (const l of seen) time.set(l, (time.get(l) ?? 0) + ms)
  })
  return time
}

/** Self time by source function of the samples taken between `from` and `to` (trace µs). */
export function selfTimeBetween(
  profile: CpuProfile,
  distDir: string,
  from: number,
  to: number,
): Map<string, number> {
  const labelOf = lineOf(distDir)
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const time = new Map<string, number>()
  eachSampleBetween(profile, from, to, (id, ms) => {
    const label = labelOf(byId.get(id)!.callFrame)
    time.set(label, (time.get(label) ?? 0) + ms)
  })
  return time
}

/** Each sample taken between `from` and `to` (trace µs): its node and the ms it stands for. */
function eachSampleBetween(
  profile: CpuProfile,
  from: number,
  to: number,
  each: (id: number, ms: number) => void,
): void {
  let at = profile.startTime
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0
    if (at >= from && at <= to) each(id, (profile.timeDeltas[i + 1] ?? 0) / 1000)
  })
}
