import { getNextSnapshot, type AnyEventObject, type AnyMachineSnapshot } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import { describePath } from './model-paths'
import type { QaModel } from './model'

/**
 * The paths QA's kit may drive through one machine, generated from the machine itself: the
 * shortest path to every state it can reach (xstate/graph, with the model's events at each state),
 * then each of those paths followed by one more event wherever that event does something, so
 * that every transition out of a reachable state is on some path. Their order and ids depend only
 * on the machine and its model, so a path id names the same path in every run; the seed only
 * chooses which of them a budget drives.
 */

export interface QaStep {
  event: AnyEventObject
  state: AnyMachineSnapshot
}

export interface QaPath {
  /** Index in the machine's candidate list: `--path <id>` replays it. */
  id: number
  steps: QaStep[]
  /** The events, readable: `SUBMIT → CONFIRM → done.actor.submit → REVIEWED(approved)`. */
  name: string
}

const eventsAt = (model: QaModel, s: AnyMachineSnapshot) =>
  typeof model.events === 'function' ? model.events(s) : model.events

const fingerprint = (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context])

export function candidatePaths(model: QaModel): QaPath[] {
  const shortest = getShortestPaths(model.machine, {
    ...(model.input === undefined ? {} : { input: model.input }),
    events: ((s: AnyMachineSnapshot) => eventsAt(model, s)) as never,
    ...(model.serializeState ? { serializeState: model.serializeState as never } : {}),
  })
  const all: QaStep[][] = []
  for (const path of shortest) {
    const steps = path.steps as unknown as QaStep[]
    all.push(steps)
    const end = path.state as AnyMachineSnapshot
    for (const event of eventsAt(model, end)) {
      const next = getNextSnapshot(model.machine, end, event as never) as AnyMachineSnapshot
      if (fingerprint(next) !== fingerprint(end)) all.push([...steps, { event, state: next }])
    }
  }
  const seen = new Set<string>()
  return all
    .filter((steps) => model.keep?.(steps) ?? true)
    .map((steps) => ({
      steps,
      name: (model.describe?.(steps) ?? describePath({ steps })) + ` ⇒ ${stateName(steps.at(-1)!)}`,
    }))
    .filter(({ name }) => !seen.has(name) && Boolean(seen.add(name)))
    .map((p, id) => ({ ...p, id }))
}

/** A state's value as one readable word: `placed.pending`, `shown.list`. */
export function stateName(step: { state: { value: unknown } }): string {
  const flat = (v: unknown): string =>
    typeof v === 'string'
      ? v
      : Object.entries(v as Record<string, unknown>)
          .map(([k, sub]) => `${k}.${flat(sub)}`)
          .join(',')
  return flat(step.state.value)
}

/** Mulberry32: the seed's sequence of numbers in [0, 1). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * Up to `budget` paths, each chosen for what it adds (states, then steps out of a state, never
 * reached by the paths before it); the seed orders the ties. Paths that add nothing are left out.
 */
export function pickPaths(candidates: QaPath[], budget: number, seed: number): QaPath[] {
  const random = seeded(seed)
  const order = candidates.map((p) => ({ p, r: random() })).sort((a, b) => a.r - b.r)
  const states = new Set<string>()
  const edges = new Set<string>()
  const gains = (p: QaPath) => {
    const names = p.steps.map(stateName)
    const newStates = names.filter((s) => !states.has(s)).length
    const newEdges = p.steps.filter((s, i) => !edges.has(edgeOf(names, s, i))).length
    return newStates * 1000 + newEdges
  }
  const picked: QaPath[] = []
  while (picked.length < budget) {
    let best: { p: QaPath; gain: number } | undefined
    for (const { p } of order) {
      if (picked.includes(p)) continue
      const gain = gains(p)
      if (
        gain > 0 &&
        (!best || gain > best.gain || (gain === best.gain && p.steps.length < best.p.steps.length))
      )
        best = { p, gain }
    }
    if (!best) break
    picked.push(best.p)
    const names = best.p.steps.map(stateName)
    names.forEach((s) => states.add(s))
    best.p.steps.forEach((s, i) => edges.add(edgeOf(names, s, i)))
  }
  return picked
}

const edgeOf = (names: string[], step: QaStep, i: number) =>
  `${names[i - 1] ?? ''} ${step.event.type} ${names[i]}`
