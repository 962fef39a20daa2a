import { expect } from 'vitest'
import type { SupportSent, SupportThreadItem } from '@kabu/shared/api/support'
import type { SessionGrant } from '@kabu/shared/api/user'
import { startTestApp, type TestApp } from '../support/app'
import { session, brokerApi, brokerData } from '../support/broker'
import { OPS_TOKEN } from './ops-client'

/** Helpers of the customer-service tests (support.test.ts, support-office.test.ts). */

/** A gateway with the operator token and manual review. */
export const startSupportApp = (): Promise<TestApp> =>
  startTestApp({ env: { OPS_TOKEN, REVIEW_POLICY: 'manual' } })

/**
 * A user's support calls against the file's gateway (`app` reads it once it is started): `send`
 * answers as the wire does, `sent` insists on success; `rows` counts what the store holds, so a
 * refusal can be shown to write nothing.
 */
export function supportCalls(app: () => TestApp) {
  let idemSeq = 0
  const idem = () => `support-test-${++idemSeq}-key`
  const send = (grant: SessionGrant, form: Record<string, string>) =>
    brokerApi(app().url, '/user/supportSend', { idem: idem(), ...form }, session(grant))
  return {
    send,
    async sent(grant: SessionGrant, form: Record<string, string>) {
      const answer = await send(grant, form)
      expect(answer, JSON.stringify(answer)).toMatchObject({ http: 200, status: 1 })
      return answer.data as SupportSent
    },
    threads: (grant: SessionGrant) =>
      brokerData<{ list: SupportThreadItem[] }>(
        app().url,
        '/user/supportThreads',
        {},
        session(grant),
      ),
    rows: async () => ({
      threads: (await app().app.db.selectFrom('support_threads').select('id').execute()).length,
      messages: (await app().app.db.selectFrom('support_messages').select('id').execute()).length,
    }),
  }
}
