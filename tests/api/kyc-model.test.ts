import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createActor, createMachine, fromPromise, waitFor, type Actor } from 'xstate'
import { createTestModel } from 'xstate/graph'
import type { VerifyInfo } from '@kabu/shared/api/kyc'
import type { SessionGrant } from '@kabu/shared/api/user'
import { kycMachine, type VerifySubmission } from '../../client/src/features/kyc/kyc.machine'
import { startTestApp, type TestApp } from '../support/app'
import { decideIdentity, MY_NUMBER, newUser, submitIdentity, uploadId } from '../support/identity'
import { session, brokerApi, brokerData } from '../support/broker'

/**
 * Model-based test of identity verification. The model is spec §4's lifecycle with the back
 * office's decisions as events; every path xstate/graph finds through it is walked by a new user
 * against a real gateway, with the client's own kyc machine (its actors calling that gateway)
 * driven alongside. In each state the gateway's /user/verifyInfo and the client machine must agree
 * with the model, and the gateway must refuse what that state forbids.
 */
const lifecycle = createMachine({
  id: 'kycLifecycle',
  initial: 'unverified',
  states: {
    unverified: { on: { SUBMIT: 'reviewing' } },
    reviewing: { on: { APPROVE: 'verified', REJECT: 'failed' } },
    verified: {},
    failed: { on: { RESUBMIT: 'resubmitting' } },
    resubmitting: { on: { SUBMIT: 'reviewing' } },
  },
})

/** What the gateway reports (status) and where the client machine must be, per model state. */
const EXPECTED = {
  unverified: { status: 0, client: { unverified: 'editing' } },
  reviewing: { status: 1, client: 'reviewing' },
  verified: { status: 2, client: 'verified' },
  failed: { status: 3, client: 'failed' },
  resubmitting: { status: 3, client: { unverified: 'editing' } },
} as const

interface Walker {
  grant: SessionGrant
  client: Actor<typeof kycMachine>
}

let t: TestApp
let walker: Walker
let walkers = 0

beforeAll(async () => {
  t = await startTestApp({ env: { REVIEW_POLICY: 'manual' } })
})
afterAll(() => t.stop())

function clientFor(grant: SessionGrant): Actor<typeof kycMachine> {
  return createActor(
    kycMachine.provide({
      actors: {
        loadInfo: fromPromise(() =>
          brokerData<VerifyInfo>(t.url, '/user/verifyInfo', {}, session(grant)),
        ),
        submit: fromPromise(async ({ input }: { input: VerifySubmission }) => {
          await brokerData(t.url, '/user/verify', { ...input }, session(grant))
        }),
      },
    }),
  ).start()
}

const settled = (client: Walker['client']) => waitFor(client, (s) => !s.hasTag('busy'))

async function refreshAfterDecision(): Promise<void> {
  walker.client.send({ type: 'REFRESH' })
  await settled(walker.client)
}

async function checkState(name: keyof typeof EXPECTED): Promise<void> {
  const expected = EXPECTED[name]
  const info = await brokerData<VerifyInfo>(t.url, '/user/verifyInfo', {}, session(walker.grant))
  expect(info.status, name).toBe(expected.status)
  expect((await settled(walker.client)).matches(expected.client), name).toBe(true)
  if (name === 'reviewing' || name === 'verified') {
    const again = await submitIdentity(t, walker.grant)
    expect(again.msg, name).toBe(name === 'reviewing' ? 'realname_reviewing' : 'already_verified')
  }
  if (name !== 'unverified') expect(info.idnumber_masked).toBe(`****${MY_NUMBER.slice(-4)}`)
  if (name === 'failed') expect(info.reason).toBe('document_expired')
}

const model = createTestModel(lifecycle)
const paths = model.getSimplePaths()

describe('identity verification, every path of the model against a real gateway', () => {
  it('visits every state of spec §4 along its paths', () => {
    const visited = new Set(
      paths.flatMap((p) => [...p.steps.map((s) => String(s.state.value)), String(p.state.value)]),
    )
    expect([...visited].sort()).toEqual([
      'failed',
      'resubmitting',
      'reviewing',
      'unverified',
      'verified',
    ])
  })

  for (const path of paths) {
    it(path.description, async () => {
      const grant = await newUser(t, `kycmodel${++walkers}`)
      walker = { grant, client: clientFor(grant) }
      await path.test({
        states: {
          unverified: () => checkState('unverified'),
          reviewing: () => checkState('reviewing'),
          verified: () => checkState('verified'),
          failed: () => checkState('failed'),
          resubmitting: () => checkState('resubmitting'),
        },
        events: {
          SUBMIT: async () => {
            walker.client.send({
              type: 'SUBMIT',
              submission: {
                name: '佐藤 花子',
                idnumber: MY_NUMBER,
                doctype: 'my_number',
                front: await uploadId(t, grant, 'id_front'),
                back: await uploadId(t, grant, 'id_back'),
                agree: '1',
              },
            })
            await settled(walker.client)
          },
          APPROVE: async () => {
            await decideIdentity(t, grant.account, { approve: true })
            await refreshAfterDecision()
          },
          REJECT: async () => {
            await decideIdentity(t, grant.account, { approve: false, reason: 'document_expired' })
            await refreshAfterDecision()
          },
          RESUBMIT: () => {
            walker.client.send({ type: 'RESUBMIT' })
          },
        },
      })
      walker.client.stop()
      // Whatever the path, nothing it refused was written: one request per submit.
      const rows = await t.app.db
        .selectFrom('identity_requests')
        .innerJoin('users', 'users.id', 'identity_requests.user_id')
        .select('identity_requests.status')
        .where('users.account', '=', grant.account)
        .execute()
      const submits = path.steps.filter((s) => s.event.type === 'SUBMIT').length
      expect(rows).toHaveLength(submits)
    })
  }

  it('refuses a plain form resubmission while reviewing (the client is not the only way in)', async () => {
    const grant = await newUser(t, 'kycmodelx')
    expect((await submitIdentity(t, grant)).status).toBe(1)
    const form = {
      name: 'X',
      idnumber: MY_NUMBER,
      doctype: 'my_number',
      front: await uploadId(t, grant, 'id_front'),
      back: await uploadId(t, grant, 'id_back'),
      agree: '1',
    }
    expect(await brokerApi(t.url, '/user/verify', form, session(grant))).toMatchObject({
      status: 0,
      msg: 'realname_reviewing',
    })
  })
})
