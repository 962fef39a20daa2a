import type {
  AnyMachineSnapshot,
  AnyStateMachine,
  AnyTransitionDefinition,
  InspectionEvent,
} from 'xstate'

/**
 * What a machine has and what a run reached of it. A state is a state node (nested ones too, the
 * root excepted); a transition is one definition of a node: an event's branch (a guarded choice
 * counts once per branch), an invoke's done or error, an eventless `always`. The run's side comes
 * from xstate's inspection (each microstep names the definitions it took), so nothing is counted
 * that the machine did not do against the gateway.
 */

type StateNodeLike = AnyStateMachine['root']

function nodesOf(root: StateNodeLike): StateNodeLike[] {
  const children = Object.values(root.states) as StateNodeLike[]
  return children.flatMap((child) => [child, ...nodesOf(child)])
}

/** The name a transition is counted by: source node, event, branch. */
function transitionKey(t: AnyTransitionDefinition): string {
  const source = t.source
  const branches = t.eventType === '' ? (source.always ?? []) : source.transitions.get(t.eventType)
  const index = Math.max(0, branches?.indexOf(t) ?? 0)
  return `${source.id} ${t.eventType || 'always'}#${index}`
}

export interface MachineTotals {
  states: string[]
  transitions: string[]
}

export function totalsOf(machine: AnyStateMachine): MachineTotals {
  const nodes = nodesOf(machine.root)
  const transitions = nodes.flatMap((node) => [
    ...[...node.transitions.values()].flat(),
    ...(node.always ?? []),
  ])
  return {
    states: nodes.map((node) => node.id),
    transitions: [...new Set(transitions.map(transitionKey))],
  }
}

/** The states a snapshot is in (every active node, the root excepted). */
export const activeStates = (snapshot: AnyMachineSnapshot): string[] =>
  snapshot._nodes.filter((node) => node.parent !== undefined).map((node) => node.id)

/** Records what one actor does, microstep by microstep. */
export class CoverageRecorder {
  readonly states = new Set<string>()
  readonly transitions = new Set<string>()

  /** The `inspect` option of `createActor`: only the root actor's own steps count. */
  readonly inspect = (event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep' || event.actorRef.sessionId !== event.rootId) return
    for (const t of event._transitions) {
      this.transitions.add(transitionKey(t))
      // The state it left counts too: a transient one (an `always` choice) is never in a snapshot.
      for (let node = t.source; node.parent; node = node.parent) this.states.add(node.id)
    }
    for (const id of activeStates(event.snapshot as AnyMachineSnapshot)) this.states.add(id)
  }

  /** The start state (entered before any microstep is inspected). */
  start(snapshot: AnyMachineSnapshot) {
    for (const id of activeStates(snapshot)) this.states.add(id)
  }

  mergeInto(states: Set<string>, transitions: Set<string>) {
    for (const s of this.states) states.add(s)
    for (const t of this.transitions) transitions.add(t)
  }
}
