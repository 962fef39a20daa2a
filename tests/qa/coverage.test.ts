import { createActor, createMachine } from 'xstate'
import { describe, expect, it } from 'vitest'
import { CoverageRecorder, totalsOf } from './coverage'

/** What a run of a machine counts as reached: only what the machine did, transient states too. */

const machine = createMachine({
  id: 'm',
  initial: 'start',
  states: {
    // Left by an `always` before the first snapshot: no snapshot ever shows it.
    start: { always: [{ guard: () => false, target: 'b' }, { target: 'a' }] },
    a: { on: { GO: 'b' } },
    b: {},
  },
})

function run(events: Array<{ type: string }>) {
  const coverage = new CoverageRecorder()
  const actor = createActor(machine, { inspect: coverage.inspect })
  actor.start()
  coverage.start(actor.getSnapshot())
  for (const e of events) actor.send(e)
  actor.stop()
  return coverage
}

describe('the coverage recorder', () => {
  it('counts a transient start state the machine passed through, and the branch it took', () => {
    const coverage = run([])
    expect([...coverage.states].sort()).toEqual(['m.a', 'm.start'])
    expect([...coverage.transitions]).toEqual(['m.start always#1'])
  })

  it('counts nothing the machine did not do', () => {
    const { states, transitions } = run([{ type: 'GO' }])
    const totals = totalsOf(machine)
    expect(totals.states.filter((s) => !states.has(s))).toEqual([])
    expect(totals.transitions.filter((t) => !transitions.has(t))).toEqual(['m.start always#0'])
  })
})
