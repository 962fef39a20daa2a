import { describe, expect, it } from 'vitest'
import { assign, createActor, fromPromise } from 'xstate'
import { creditMachine } from './credit.machine'

const start = (input = { id: '7', deadline: null as number | null, ended: false }) => {
  let n = 0
  const machine = creditMachine.provide({
    actors: { submit: fromPromise(async () => ({ id: 'R1' })) },
    actions: { newIdem: assign({ idem: () => `k${++n}` }) },
  })
  return createActor(machine, { input }).start()
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('credit machine', () => {
  it('starts where the listed position stands: healthy, called or ended', () => {
    expect(start().getSnapshot().value).toEqual({ position: 'healthy', trustFunds: 'idle' })
    const called = start({ id: '7', deadline: 99, ended: false }).getSnapshot()
    expect(called.value).toMatchObject({ position: 'called' })
    expect(called.hasTag('called')).toBe(true)
    expect(start({ id: '7', deadline: null, ended: true }).getSnapshot().value).toMatchObject({
      position: 'closed',
    })
  })

  it('follows calls: made, met, made again and liquidated', () => {
    const actor = start()
    actor.send({ type: 'CALLED', deadline: 1000 })
    expect(actor.getSnapshot().context.deadline).toBe(1000)
    actor.send({ type: 'MET' })
    expect(actor.getSnapshot().value).toMatchObject({ position: 'healthy' })
    actor.send({ type: 'CALLED', deadline: 2000 })
    actor.send({ type: 'LIQUIDATED' })
    expect(actor.getSnapshot().value).toMatchObject({ position: 'liquidated' })
  })

  it('asks before trust funds move, and waits for its own verdict only', async () => {
    const actor = start()
    actor.send({ type: 'ADD', credit: '1.5' })
    expect(actor.getSnapshot().context.error).toBe('amount_invalid')
    actor.send({ type: 'ADD', credit: '10000' })
    expect(actor.getSnapshot().value).toMatchObject({ trustFunds: 'confirming' })
    actor.send({ type: 'CANCEL' })
    actor.send({ type: 'ADD', credit: '10000' })
    actor.send({ type: 'CONFIRM' })
    await settle()
    expect(actor.getSnapshot().value).toMatchObject({ trustFunds: 'pending' })
    expect(actor.getSnapshot().context).toMatchObject({ requestId: 'R1', idem: 'k2' })
    actor.send({ type: 'VERDICT', requestId: 'R9', status: 'approved' })
    expect(actor.getSnapshot().value).toMatchObject({ trustFunds: 'pending' })
    actor.send({ type: 'VERDICT', requestId: 'R1', status: 'rejected', reason: 'late' })
    expect(actor.getSnapshot().value).toMatchObject({ trustFunds: 'rejected' })
    expect(actor.getSnapshot().context.reason).toBe('late')
  })
})
