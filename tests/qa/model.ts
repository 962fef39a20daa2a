import type { AnyActorRef, AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { Accounts } from './accounts'
import type { QaStep } from './paths'
import type { Target } from './target'

/**
 * A machine as QA's kit drives it: the client's own machine (its states and transitions are the
 * coverage's totals), the events the gateway can produce in each state (for xstate/graph), what a
 * path needs of the back office, and a driver per path: the machine wired to the target over HTTP
 * and the `/user` socket for a fresh account, the steps the driver makes happen on the gateway, and
 * what the gateway must say in each state. Add one to `models/index.ts` (docs/qa.md says how).
 */

/** What the kit may do beyond the user's own calls, as the target and the flags allow. */
export interface Powers {
  /** `--ops-token` given and the back office answers it. */
  ops: boolean
  /** The back office may move the clock (TIME_TRAVEL=1 on the target). */
  clock: boolean
}

export type Need = keyof Powers

export interface Kit {
  target: Target
  accounts: Accounts
  powers: Powers
}

export interface StepContext {
  actor: AnyActorRef
  steps: QaStep[]
  index: number
}

export interface QaDriver {
  /** The account the path runs as (one of the kit's). */
  grant: SessionGrant
  /** The client's machine with its actors on the target. */
  machine: AnyStateMachine
  /** The machine's input on the target (the row a screen opened on). */
  input?: unknown
  /**
   * Makes the step's event happen: on the gateway (an operator's verdict) or by sending the machine
   * an event with real values (a SUBMIT with a price the market allows). Returns false to let the
   * kit send the event as the path has it; the machine's own events (an actor's answer) are never
   * sent. Must send last: the kit waits for the step's state right after.
   */
  act?(event: AnyEventObject, at: StepContext): Promise<boolean>
  /** Throws a Mismatch when the gateway does not say what the machine's state means. */
  agrees(state: string, snapshot: AnyMachineSnapshot): Promise<void>
  /** Leaves nothing working behind (an open order cancelled). */
  stop?(): Promise<void>
}

export interface QaModel {
  name: string
  /** Where the client has it, for the report and docs. */
  source: string
  machine: AnyStateMachine
  /** The machine's input for the graph, where it takes one (a stand-in: the driver has the real one). */
  input?: unknown
  /** The events the graph may take at a state (the gateway's possible answers included). */
  events: AnyEventObject[] | ((snapshot: AnyMachineSnapshot) => AnyEventObject[])
  serializeState?: (snapshot: AnyMachineSnapshot, event: unknown, before?: unknown) => string
  /** Names a path where the default (its events' types) would give two paths one name. */
  describe?(steps: QaStep[]): string
  /** Drops generated paths the gateway cannot produce (a refusal followed by success). */
  keep?(steps: QaStep[]): boolean
  /** What the path needs of the back office, from the setup and each of its events. */
  needs(steps: QaStep[]): Need[]
  /** Events the machine gets without a send (besides xstate.done/error.actor.*). */
  automatic?(event: AnyEventObject): boolean
  start(kit: Kit, steps: QaStep[]): Promise<QaDriver>
}

/** What the gateway said against what the state means: the report's expected and got. */
export class Mismatch extends Error {
  constructor(
    readonly expected: unknown,
    readonly got: unknown,
    what = 'the gateway',
  ) {
    super(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(got)}`)
  }
}

/** Throws a Mismatch unless `got` equals `expected` (as JSON: values, arrays, plain objects). */
export function same(got: unknown, expected: unknown, what?: string): void {
  if (JSON.stringify(got) !== JSON.stringify(expected)) throw new Mismatch(expected, got, what)
}

/** The needs of a path whose setup needs `setup` and whose `events` need the back office. */
export const needsOf =
  (setup: Need[], byEvent: Record<string, Need[]> = {}) =>
  (steps: QaStep[]): Need[] => [
    ...new Set([...setup, ...steps.flatMap((s) => byEvent[s.event.type] ?? [])]),
  ]
