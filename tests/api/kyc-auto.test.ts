import { rm } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { VerifyInfo } from '@kabu/shared/api/kyc'
import type { SessionGrant } from '@kabu/shared/api/user'
import { startTestApp, type TestApp } from '../support/app'
import { newUser, uploadId } from '../support/identity'
import { session, brokerApi, brokerData } from '../support/broker'

/** REVIEW_POLICY=auto (the demo): the kyc queue's rules decide a request after a short delay. */
let t: TestApp
beforeAll(async () => {
  t = await startTestApp({ env: { REVIEW_POLICY: 'auto', AUTO_REVIEW_DELAY_MS: '400' } })
})
afterAll(() => t.stop())

const info = (grant: SessionGrant) =>
  brokerData<VerifyInfo>(t.url, '/user/verifyInfo', {}, session(grant))

async function decided(grant: SessionGrant): Promise<VerifyInfo> {
  for (let waited = 0; waited < 10_000; waited += 100) {
    const now = await info(grant)
    if (now.status !== 1) return now
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('the automatic review did not decide in 10 s')
}

async function submit(grant: SessionGrant) {
  const form = {
    name: '鈴木 一郎',
    idnumber: '123456789018',
    doctype: 'my_number',
    front: await uploadId(t, grant, 'id_front'),
    back: await uploadId(t, grant, 'id_back'),
    agree: '1',
  }
  expect((await brokerApi(t.url, '/user/verify', form, session(grant))).status).toBe(1)
  return form
}

describe('the automatic identity review', () => {
  it('verifies a complete request after the delay, and tells the user', async () => {
    const grant = await newUser(t, 'kycauto01')
    await submit(grant)
    expect((await info(grant)).status).toBe(1)
    expect(await decided(grant)).toMatchObject({ status: 2, reason: '' })
    const inbox = await brokerApi(t.url, '/user/messages', {}, session(grant))
    expect(inbox.status).toBe(1)
    expect(JSON.stringify(inbox.data)).toContain('review.kyc.approved.title')
  })

  it('fails a request whose photo is gone, with the reason the user sees', async () => {
    const grant = await newUser(t, 'kycauto02')
    const { front } = await submit(grant)
    await rm(path.join(t.database.env.DATA_DIR, 'uploads', `${front}.jpg`))
    expect(await decided(grant)).toMatchObject({ status: 3, reason: 'photo_missing' })
  })
})
