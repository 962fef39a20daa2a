import { createActor, waitFor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate'
import { VERDICT_POLL_MS } from '../../client/src/state/review/verdict-watch'
import { NotCoverable } from './accounts'
import { CoverageRecorder } from './coverage'
import { Mismatch, type Kit, type QaModel } from './model'
import { stateName, type QaPath, type QaStep } from './paths'
import { Refused, WINDOW_REFUSALS } from './target'

/**
 * Drives one path of a machine against the target: a fresh driver (a new account of the kit's),
 * the client's machine started with real actors, then step by step: the driver makes the event
 * happen (or the kit sends it), the kit waits for the machine to settle where the path says, and
 * the driver checks the gateway agrees. The first step that does not hold ends the path with what
 * was expected and what came instead.
 */

/**
 * How long one step may take on the target (an HTTP call, a socket event, a review). A gateway in
 * upstream mode relays the `/user` socket, so verdicts arrive there as directly; but one whose relay
 * is off (BROKER_UPSTREAM_EVENTS=off) refuses it, and a verdict then reaches the machine only by
 * the client's own poll of the request, VERDICT_POLL_MS after its watch started: the step must
 * outlast that poll and its read, not end as it fires.
 */
const STEP_TIMEOUT_MS = VERDICT_POLL_MS + 15_000

export type PathOutcome =
  | { kind: 'held'; coverage: CoverageRecorder }
  | { kind: 'failed'; step: string; expected: unknown; got: unknown }
  /** The target refused in a way no bounded retry helps (a closed window): reported, not failed. */
  | { kind: 'refused'; step: string; msg: string }
  /** The path needs what this target does not give the kit (the back office, the clock). */
  | { kind: 'not_covered'; reason: string }

const internal = (model: QaModel, event: AnyEventObject) =>
  event.type.startsWith('xstate.') || (model.automatic?.(event) ?? false)

const errorOf = (s: AnyMachineSnapshot): string | null =>
  ((s.context as { error?: string | null } | undefined)?.error ?? null) as string | null

export const stepLabel = (steps: QaStep[], i: number) => {
  const e = steps[i]!.event
  const status = 'status' in e ? `(${String(e.status)})` : ''
  return `${i}: ${e.type.replace(/^xstate\./, '')}${status} → ${stateName(steps[i]!)}`
}

export async function drivePath(model: QaModel, kit: Kit, path: QaPath): Promise<PathOutcome> {
  const missing = model.needs(path.steps).filter((need) => !kit.powers[need])
  if (missing.length)
    return { kind: 'not_covered', reason: `needs ${missing.join(' and ')} (back office)` }
  const steps = path.steps
  let i = 0
  let driver
  try {
    driver = await model.start(kit, steps)
  } catch (error) {
    return setupOutcome(error)
  }
  const coverage = new CoverageRecorder()
  const actor = createActor(driver.machine, { inspect: coverage.inspect, input: driver.input })
  try {
    actor.start()
    coverage.start(actor.getSnapshot() as AnyMachineSnapshot)
    for (; i < steps.length; i++) {
      const { event } = steps[i]!
      if (event.type !== 'xstate.init') {
        const acted = (await driver.act?.(event, { actor, steps, index: i })) ?? false
        if (!acted && !internal(model, event)) actor.send(event)
      }
      // A busy state passes on by itself: the next states the machine reaches alone count too.
      let last = i
      while (last + 1 < steps.length && internal(model, steps[last + 1]!.event)) last++
      const settled = await waitFor(
        actor,
        (s: AnyMachineSnapshot) =>
          steps.slice(i, last + 1).some((step) => s.matches(step.state.value as never)),
        { timeout: STEP_TIMEOUT_MS },
      ).catch(() => undefined)
      const now = actor.getSnapshot() as AnyMachineSnapshot
      if (!settled) {
        const error = errorOf(now)
        if (error && WINDOW_REFUSALS.has(error))
          return { kind: 'refused', step: stepLabel(steps, i), msg: error }
        return failed(steps, i, `state ${stateName(steps[i]!)}`, describe(now))
      }
      // Where it settled (the first such step from i on: a loop back names a later one).
      i = steps.findIndex(
        (step, j) => j >= i && j <= last && now.matches(step.state.value as never),
      )
      const expectedError = errorOf(steps[i]!.state)
      if (errorOf(now) !== expectedError)
        return failed(steps, i, `error ${expectedError}`, `error ${errorOf(now)}`)
      await driver.agrees(stateName(steps[i]!), now)
    }
    return { kind: 'held', coverage }
  } catch (error) {
    if (error instanceof Mismatch) return failed(steps, i, error.expected, error.got)
    if (error instanceof Refused && WINDOW_REFUSALS.has(error.msg))
      return { kind: 'refused', step: stepLabel(steps, i), msg: error.msg }
    if (error instanceof Refused)
      return failed(steps, i, `${error.call} accepted`, `${error.msg} (HTTP ${error.http})`)
    return failed(steps, i, 'no error', String(error instanceof Error ? error.message : error))
  } finally {
    actor.stop()
    await driver.stop?.().catch(() => undefined)
  }
}

function setupOutcome(error: unknown): PathOutcome {
  if (error instanceof NotCoverable) return { kind: 'not_covered', reason: error.message }
  if (error instanceof Refused && WINDOW_REFUSALS.has(error.msg))
    return { kind: 'refused', step: 'setup', msg: error.msg }
  const got = error instanceof Error ? error.message : String(error)
  return { kind: 'failed', step: 'setup (a fresh account made ready)', expected: 'ready', got }
}

const failed = (steps: QaStep[], i: number, expected: unknown, got: unknown): PathOutcome => ({
  kind: 'failed',
  step: stepLabel(steps, Math.min(i, steps.length - 1)),
  expected,
  got,
})

const describe = (s: AnyMachineSnapshot) =>
  `state ${stateName({ state: s })}${errorOf(s) ? ` (error ${errorOf(s)})` : ''}`
