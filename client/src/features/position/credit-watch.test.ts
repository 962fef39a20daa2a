import { Subject } from 'rxjs'
import { describe, expect, it } from 'vitest'
import type { UserEvent } from '@kabu/shared/realtime'
import { LISTENING, type UserFeedItem } from '../../realtime/user-events'
import { creditEvents$ } from './credit-watch'
import type { CreditEvent, PositionEvent } from './credit.machine'

const call: UserEvent = {
  type: 'credit:call',
  id: '7',
  status: 'called',
  deadline: 99,
  amount: '5',
}

/** A feed the test drives, the credit events heard, and the call reads, resolved by hand. */
function watch() {
  const feed = new Subject<UserFeedItem>()
  const heard: CreditEvent[] = []
  const reads: Array<(event: PositionEvent | undefined) => void> = []
  const readCall = () => new Promise<PositionEvent | undefined>((resolve) => reads.push(resolve))
  creditEvents$('7', feed, readCall).subscribe((e) => heard.push(e))
  return { feed, heard, reads }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('creditEvents$', () => {
  it('turns the position’s pushes into machine events, and ignores other positions', () => {
    const { feed, heard } = watch()
    feed.next(call)
    feed.next({ ...call, id: '8' })
    feed.next({ type: 'credit:call', id: '7', status: 'met', deadline: null })
    feed.next({ type: 'review:decided', kind: 'credit', id: 'R1', status: 'rejected', reason: 'x' })
    feed.next({ type: 'trade:updated', id: '7', status: 4 })
    expect(heard).toEqual([
      { type: 'CALLED', deadline: 99, amount: '5' },
      { type: 'MET' },
      { type: 'VERDICT', requestId: 'R1', status: 'rejected', reason: 'x' },
      { type: 'CLOSED' },
    ])
  })

  // The margin call of the credit journey, fired while the phone's /user socket was between
  // screens: the push reached no socket of the user, and only a read can tell it.
  it('sees a call made before its socket joined: the read at LISTENING tells it', async () => {
    const { feed, heard, reads } = watch()
    feed.next(LISTENING)
    expect(reads).toHaveLength(1)
    reads[0]!({ type: 'CALLED', deadline: 99, amount: '5' })
    await settle()
    expect(heard).toEqual([{ type: 'CALLED', deadline: 99, amount: '5' }])
  })

  it('drops a read overtaken by a push about the call (the push is newer)', async () => {
    const { feed, heard, reads } = watch()
    feed.next(LISTENING)
    feed.next({ type: 'credit:call', id: '7', status: 'met', deadline: null })
    reads[0]!({ type: 'CALLED', deadline: 99, amount: '5' })
    await settle()
    expect(heard).toEqual([{ type: 'MET' }])
  })

  it('reads again when a sale fills at once, and hears CLOSED when the read finds it so', async () => {
    const { feed, heard, reads } = watch()
    const order = { type: 'order:updated', id: '30', filled_num: 100, avg_price: '2500' } as const
    const at = { code: '7203', market: 'jp', num: 100 } as const
    feed.next({ ...order, ...at, side: 'buy', status: 'filled' })
    feed.next({ ...order, ...at, side: 'sell', status: 'open' })
    expect(reads).toHaveLength(0)
    feed.next({ ...order, ...at, side: 'sell', status: 'filled' })
    expect(reads).toHaveLength(1)
    reads[0]!({ type: 'CLOSED' })
    await settle()
    expect(heard).toEqual([{ type: 'CLOSED' }])
  })

  it('hears nothing more of a read that fails or finds no credit position', async () => {
    const { feed, heard, reads } = watch()
    feed.next(LISTENING)
    reads[0]!(undefined)
    await settle()
    expect(heard).toEqual([])
  })
})
