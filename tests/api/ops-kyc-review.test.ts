import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InboxPage } from '@kabu/shared/api/inbox'
import type { SessionGrant } from '@kabu/shared/api/user'
import { startTestApp, type TestApp } from '../support/app'
import { newUser, submitIdentity } from '../support/identity'
import { session, brokerData } from '../support/broker'
import { ops, OPS_TOKEN } from './ops-client'
import { eventually, userSocket, type UserSocket } from './ops-user-socket'
import type { UserEvent } from '@kabu/shared/realtime'

/** The back office deciding a real queue (C's kyc) over HTTP, as an operator's tool does. */
let t: TestApp
let grant: SessionGrant
let live: { socket: UserSocket; events: UserEvent[] }

beforeAll(async () => {
  t = await startTestApp({ env: { OPS_TOKEN, REVIEW_POLICY: 'manual' } })
  grant = await newUser(t, 'kycops01')
  expect((await submitIdentity(t, grant)).status).toBe(1)
  live = await userSocket(t.url, grant)
})
afterAll(async () => {
  live.socket.disconnect()
  await t.stop()
})

describe('an operator rejects, the user resubmits, an operator approves', () => {
  const pendingId = async () => {
    const rows = (await ops(t.url, 'GET', '/reviews?kind=kyc')).data as Array<{
      id: string
      account: string
    }>
    const row = rows.find((r) => r.account === 'kycops01')
    if (!row) throw new Error('no pending request')
    return row.id
  }

  it('tells the user of each decision live and in the inbox, and audits both', async () => {
    const first = await pendingId()
    const rejected = await ops(t.url, 'POST', `/reviews/kyc/${first}/reject`, {
      reason: 'the photo is blurred',
    })
    expect(rejected.http).toBe(200)
    await eventually(() => live.events.some((e) => e.type === 'kyc:result'))
    expect(live.events).toContainEqual({
      type: 'kyc:result',
      id: first,
      status: 'rejected',
      reason: 'the photo is blurred',
    })

    expect((await submitIdentity(t, grant)).status).toBe(1)
    const second = await pendingId()
    expect((await ops(t.url, 'POST', `/reviews/kyc/${second}/approve`)).http).toBe(200)
    expect((await ops(t.url, 'POST', `/reviews/kyc/${second}/approve`)).http).toBe(404)
    await eventually(
      () =>
        live.events.filter((e) => e.type === 'kyc:result' && e.status === 'approved').length === 1,
    )

    const inbox = await brokerData<InboxPage>(t.url, '/user/messages', {}, session(grant))
    expect(inbox.list.map((m) => m.title)).toEqual([
      'review.kyc.approved.title',
      'review.kyc.rejected.title',
    ])
    expect(inbox.list[1]?.params).toMatchObject({ id: first, reason: 'the photo is blurred' })
    const audit = (await ops(t.url, 'GET', '/audit')).data as Array<{
      action: string
      target: string
    }>
    expect(audit.slice(0, 2)).toEqual([
      expect.objectContaining({ action: 'review.kyc.approve', target: `kyc:${second}` }),
      expect.objectContaining({ action: 'review.kyc.reject', target: `kyc:${first}` }),
    ])
  })
})
