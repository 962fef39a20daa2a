import type { AnyActorRef, AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate'
import { createActor, waitFor } from 'xstate'
import { getShortestPaths } from 'xstate/graph'

/**
 * Model-based testing of a money machine against a real gateway: the paths are generated from the
 * machine itself (`xstate/graph` shortest paths to every state), then each is driven on the same
 * machine wired to the gateway over HTTP. Internal events (an answer of the gateway, a review
 * decided) are not sent: the driver makes the gateway produce them and waits for the machine to
 * arrive where the path says. After every step, `agrees` checks the gateway says the same.
 */

export interface ModelDriver {
  /** The machine with real actors for a fresh user. */
  live(): Promise<AnyStateMachine>
  /** A SUBMIT event; `refused` when the path wants the gateway to refuse it. */
  submit(refused: boolean): AnyEventObject
  /** Has the operator decide the pending request (the machine hears it through its watch). */
  decide(actor: AnyActorRef, approve: boolean): Promise<void>
  /** Asserts the gateway's view matches the state the machine is in. */
  agrees(state: string, snapshot: AnyMachineSnapshot): Promise<void>
}

const INTERNAL = /^xstate\.(done|error)\.actor\./

/** The machine's shortest paths: every state reached, refusals ending where they land. */
export function modelPaths(machine: AnyStateMachine, events: AnyEventObject[]) {
  return getShortestPaths(machine, { events: events as never }).filter((path) => {
    const types = path.steps.map((s) => s.event.type)
    const refused = types.findIndex((t) => t.startsWith('xstate.error.actor.submit'))
    // A refusal the same draft would get again cannot be followed by a success: stop there.
    return refused === -1 || refused === types.length - 1
  })
}

export function describePath(path: { steps: Array<{ event: AnyEventObject }> }): string {
  return path.steps
    .map(
      (s) =>
        s.event.type.replace(/^xstate\./, '') +
        ('status' in s.event ? `(${String(s.event.status)})` : ''),
    )
    .join(' → ')
}

export async function drivePath(
  driver: ModelDriver,
  path: { steps: Array<{ event: AnyEventObject; state: { value: unknown } }> },
): Promise<string[]> {
  const actor: AnyActorRef = createActor(await driver.live()).start()
  const visited: string[] = []
  try {
    for (const [i, step] of path.steps.entries()) {
      const target = String(step.state.value)
      const { event } = step
      if (event.type === 'SUBMIT') {
        const refused =
          path.steps[i + 2]?.event.type.startsWith('xstate.error.actor.submit') ?? false
        actor.send(driver.submit(refused))
      } else if (event.type === 'REVIEWED') {
        await driver.decide(actor, (event as { status?: string }).status === 'approved')
      } else if (event.type !== 'xstate.init' && !INTERNAL.test(event.type)) {
        actor.send(event)
      }
      await waitFor(actor, (s: AnyMachineSnapshot) => s.matches(target), { timeout: 10_000 })
      await driver.agrees(target, actor.getSnapshot() as AnyMachineSnapshot)
      visited.push(target)
    }
  } finally {
    actor.stop()
  }
  return visited
}
