import type { UserEvent } from '@kabu/shared/realtime'
import { firstValueFrom, NEVER, Subject } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { loanVerdict$ } from './loan-watch'

describe('the verdict on a loan request', () => {
  it('comes from the socket for this loan only, once', async () => {
    const events = new Subject<UserEvent>()
    const seen: unknown[] = []
    const sub = loanVerdict$('7', events, async () => undefined).subscribe((v) => seen.push(v))
    events.next({ type: 'review:decided', kind: 'block', id: '7', status: 'approved' })
    events.next({ type: 'review:decided', kind: 'loan', id: '8', status: 'approved' })
    events.next({ type: 'review:decided', kind: 'loan', id: '7', status: 'rejected', reason: 'r' })
    events.next({ type: 'review:decided', kind: 'loan', id: '7', status: 'approved' })
    expect(seen).toEqual([{ type: 'REVIEWED', status: 'rejected', reason: 'r' }])
    expect(sub.closed).toBe(true)
  })

  it('comes from the record when the socket missed it (a repaid loan was approved)', async () => {
    let status: 0 | 3 = 0
    const verdict = firstValueFrom(
      loanVerdict$('7', NEVER, async () => ({ status, reason: null }), 5),
    )
    setTimeout(() => (status = 3), 20)
    expect(await verdict).toEqual({ type: 'REVIEWED', status: 'approved' })
  })
})
