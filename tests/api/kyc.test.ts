import { readFile, readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { VerifyInfo } from '@kabu/shared/api/kyc'
import type { SessionGrant } from '@kabu/shared/api/user'
import { identityStatus } from '../../gateway/src/broker/kyc/service'
import { startTestApp, type TestApp } from '../support/app'
import { decideIdentity, MY_NUMBER, newUser, submitIdentity, uploadId } from '../support/identity'
import { session, brokerApi, brokerData } from '../support/broker'

let t: TestApp
beforeAll(async () => {
  // Manual review: the demo's automatic policy would decide these requests behind the tests' back.
  t = await startTestApp({
    env: { ID_DOCTYPES: 'driver_license,my_number', REVIEW_POLICY: 'manual' },
  })
})
afterAll(() => t.stop())

const info = (grant: SessionGrant) =>
  brokerData<VerifyInfo>(t.url, '/user/verifyInfo', {}, session(grant))

const userIdOf = async (account: string) =>
  (
    await t.app.db
      .selectFrom('users')
      .select('id')
      .where('account', '=', account)
      .executeTakeFirstOrThrow()
  ).id

const requestRows = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('identity_requests')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('identity verification: unverified → reviewing → verified', () => {
  let user: SessionGrant

  it('starts unverified', async () => {
    user = await newUser(t, 'kycuser1')
    expect(await info(user)).toEqual({
      status: 0,
      name: '',
      doctype: '',
      idnumber_masked: '',
      reason: '',
    })
    expect(await identityStatus(t.app.db, await userIdOf(user.account))).toBe(0)
  })

  it('refuses every bad form and writes nothing', async () => {
    const before = await requestRows()
    const refusals: Array<[Record<string, string>, string]> = [
      [{ agree: '' }, 'privacy_required'],
      [{ agree: '0' }, 'privacy_required'],
      [{ name: '   ' }, 'invalid_input'],
      [{ idnumber: '123456789012' }, 'invalid_input'], // My Number with a wrong check digit
      [{ idnumber: '12345' }, 'invalid_input'],
      [{ doctype: 'passport' }, 'invalid_input'],
      [{ doctype: 'health_insurance', idnumber: 'AB12' }, 'invalid_input'], // not in ID_DOCTYPES
      [{ front: 'x'.repeat(22) }, 'invalid_input'], // nobody's upload
    ]
    for (const [overrides, msg] of refusals) {
      const answer = await submitIdentity(t, user, overrides)
      expect(answer, JSON.stringify(overrides)).toMatchObject({ status: 0, msg })
    }
    expect(await requestRows()).toBe(before)
  })

  it("refuses another user's photos and a front photo given as the back", async () => {
    const other = await newUser(t, 'kycother1')
    const theirs = await uploadId(t, other, 'id_front')
    expect(await submitIdentity(t, user, { front: theirs })).toMatchObject({
      status: 0,
      msg: 'invalid_input',
    })
    const front = await uploadId(t, user, 'id_front')
    expect(await submitIdentity(t, user, { back: front })).toMatchObject({
      status: 0,
      msg: 'invalid_input',
    })
  })

  it('takes a full request (full-width digits and hyphens allowed) and shows it as reviewing', async () => {
    const answer = await submitIdentity(t, user, { idnumber: '１２３４-５６７８-９０１８' })
    expect(answer).toMatchObject({ status: 1, msg: 'submit_ok' })
    expect(await info(user)).toEqual({
      status: 1,
      name: '山田 太郎',
      doctype: 'my_number',
      idnumber_masked: '****9018',
      reason: '',
    })
  })

  it('keeps the ID number only sealed: not in the row, not in any answer', async () => {
    const row = await t.app.db
      .selectFrom('identity_requests')
      .selectAll()
      .where('user_id', '=', await userIdOf(user.account))
      .executeTakeFirstOrThrow()
    expect(
      JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)),
    ).not.toContain(MY_NUMBER)
    expect(row.idnumber_sealed.length).toBeGreaterThan(30)
    const answer = await brokerApi(t.url, '/user/verifyInfo', {}, session(user))
    expect(JSON.stringify(answer.data)).not.toContain(MY_NUMBER)
    const queue = t.app.broker.reviews.get('kyc')
    const listed = await queue?.list(t.app.db, 'pending')
    expect(JSON.stringify(listed)).not.toContain(MY_NUMBER)
    expect(listed?.find((r) => r.account === user.account)).toMatchObject({
      status: 'pending',
      idnumber_masked: '****9018',
      doctype: 'my_number',
    })
    // The key was made on first use under DATA_DIR, readable by the owner only.
    const keyFile = path.join(t.database.env.DATA_DIR, 'keys', 'id.key')
    expect((await readFile(keyFile, 'utf8')).trim()).toMatch(/^[0-9a-f]{64}$/)
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600)
  })

  it('refuses a second request while reviewing', async () => {
    expect(await submitIdentity(t, user)).toMatchObject({ status: 0, msg: 'realname_reviewing' })
  })

  it('is verified once an operator approves; approving again changes nothing', async () => {
    await decideIdentity(t, user.account, { approve: true })
    expect(await info(user)).toMatchObject({ status: 2, idnumber_masked: '****9018' })
    expect(await identityStatus(t.app.db, await userIdOf(user.account))).toBe(2)
    const queue = t.app.broker.reviews.get('kyc')
    const [approved] = (await queue?.list(t.app.db, 'approved')) ?? []
    await expect(
      t.app.db.transaction().execute((trx) => queue!.approve(trx, BigInt(approved!.id), 'again')),
    ).rejects.toMatchObject({ key: 'not_found' })
    await expect(
      t.app.db
        .transaction()
        .execute((trx) => queue!.reject(trx, BigInt(approved!.id), 'late', 'too late')),
    ).rejects.toMatchObject({ key: 'not_found' })
    expect(await info(user)).toMatchObject({ status: 2 })
  })

  it('refuses any further request once verified', async () => {
    expect(await submitIdentity(t, user)).toMatchObject({ status: 0, msg: 'already_verified' })
  })
})

describe('a rejected request: failed with its reason, then resubmitted', () => {
  let user: SessionGrant

  it('shows failed and the reason', async () => {
    user = await newUser(t, 'kycfail1')
    expect(
      (await submitIdentity(t, user, { doctype: 'driver_license', idnumber: '301234567890' }))
        .status,
    ).toBe(1)
    await decideIdentity(t, user.account, { approve: false, reason: 'photo_unreadable' })
    expect(await info(user)).toMatchObject({
      status: 3,
      reason: 'photo_unreadable',
      idnumber_masked: '****7890',
    })
  })

  it('may try again, and is reviewing again', async () => {
    expect(await submitIdentity(t, user)).toMatchObject({ status: 1, msg: 'submit_ok' })
    expect(await info(user)).toMatchObject({ status: 1, reason: '', idnumber_masked: '****9018' })
  })

  it('lets only one of two simultaneous requests in', async () => {
    const racer = await newUser(t, 'kycrace1')
    const forms = await Promise.all(
      [0, 1].map(async () => ({
        name: 'Race',
        idnumber: MY_NUMBER,
        doctype: 'my_number',
        front: await uploadId(t, racer, 'id_front'),
        back: await uploadId(t, racer, 'id_back'),
        agree: '1',
      })),
    )
    const answers = await Promise.all(
      forms.map((f) => brokerApi(t.url, '/user/verify', f, session(racer))),
    )
    expect(answers.map((a) => a.status).sort()).toEqual([0, 1])
    expect(answers.find((a) => a.status === 0)?.msg).toBe('realname_reviewing')
  })
})

describe('the automatic review', () => {
  it('approves a complete request and rejects one whose photo is gone', async () => {
    const queue = t.app.broker.reviews.get('kyc')!
    const good = await newUser(t, 'kycauto1')
    expect((await submitIdentity(t, good)).status).toBe(1)
    const bad = await newUser(t, 'kycauto2')
    expect((await submitIdentity(t, bad)).status).toBe(1)
    const pending = await queue.list(t.app.db, 'pending')
    const idOf = (account: string) => BigInt(pending.find((r) => r.account === account)!.id)
    expect(await queue.autoDecide!(t.app.db, idOf(good.account))).toEqual({ approve: true })

    const { front } = pending.find((r) => r.account === bad.account) as unknown as { front: string }
    const folder = path.join(t.database.env.DATA_DIR, 'uploads')
    expect(await readdir(folder)).toContain(`${front}.jpg`)
    await rm(path.join(folder, `${front}.jpg`))
    expect(await queue.autoDecide!(t.app.db, idOf(bad.account))).toEqual({
      approve: false,
      reason: 'photo_missing',
    })
  })
})
