import sharp from 'sharp'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { TestApp } from './app'
import { DEMO } from './app'
import { session, brokerApi, brokerData, type BrokerAnswer } from './broker'

/** Helpers of the identity tests (uploads, KYC, fund password, bank cards). */

/** A valid My Number (check digit 8). */
export const MY_NUMBER = '123456789018'
export const FUND_PASSWORD = '135790'

export async function newUser(t: TestApp, account: string): Promise<SessionGrant> {
  const password = `pass-${account}`
  return brokerData<SessionGrant>(t.url, '/user/register', {
    account,
    password,
    password2: password,
    invite: DEMO.invite,
    agree: '1',
  })
}

/** A real photo: `width`×`height` of noise-free colour, as PNG or JPEG, optionally with EXIF. */
export function photo(
  format: 'png' | 'jpeg' = 'png',
  options: {
    width?: number
    height?: number
    exif?: Record<string, string>
    orientation?: number
    noise?: boolean
  } = {},
): Promise<Buffer> {
  const image = sharp({
    create: {
      width: options.width ?? 64,
      height: options.height ?? 48,
      channels: 3,
      background: { r: 200, g: 40, b: 90 },
      ...(options.noise ? { noise: { type: 'gaussian' as const, mean: 128, sigma: 40 } } : {}),
    },
  })
  let withExif = options.exif ? image.withExif({ IFD0: options.exif }) : image
  if (options.orientation) withExif = withExif.withMetadata({ orientation: options.orientation })
  return format === 'png' ? withExif.png().toBuffer() : withExif.jpeg().toBuffer()
}

/** POSTs a multipart upload the way a browser form does. */
export async function upload(
  t: TestApp,
  grant: SessionGrant | null,
  kind: string,
  bytes: Uint8Array,
  filename = 'photo.jpg',
  type = 'image/jpeg',
): Promise<BrokerAnswer> {
  const form = new FormData()
  form.set('kind', kind)
  form.set('file', new Blob([new Uint8Array(bytes)], { type }), filename)
  const res = await fetch(`${t.url}/api/vue/common/upload`, {
    method: 'POST',
    headers: grant ? session(grant) : {},
    body: form,
  })
  const json = (await res.json()) as { status?: number; msg?: string; data?: unknown }
  return {
    http: res.status,
    status: json.status,
    msg: json.msg,
    data: json.data,
    headers: res.headers,
  }
}

export async function uploadId(t: TestApp, grant: SessionGrant, kind: string): Promise<string> {
  const answer = await upload(t, grant, kind, await photo('png'), 'id.png', 'image/png')
  if (answer.status !== 1) throw new Error(`upload refused: ${answer.msg}`)
  return (answer.data as { id: string }).id
}

/** Sends a complete identity request; the answer says whether it was taken. */
export async function submitIdentity(
  t: TestApp,
  grant: SessionGrant,
  overrides: Record<string, string> = {},
): Promise<BrokerAnswer> {
  const form = {
    name: '山田 太郎',
    idnumber: MY_NUMBER,
    doctype: 'my_number',
    front: await uploadId(t, grant, 'id_front'),
    back: await uploadId(t, grant, 'id_back'),
    agree: '1',
    ...overrides,
  }
  return brokerApi(t.url, '/user/verify', form, session(grant))
}

/** Decides the user's pending identity request through the kyc queue, as the back office does. */
export async function decideIdentity(
  t: TestApp,
  account: string,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<void> {
  const queue = t.app.broker.reviews.get('kyc')
  if (!queue) throw new Error('the kyc queue is not registered')
  const pending = await queue.list(t.app.db, 'pending')
  const row = pending.find((r) => r.account === account)
  if (!row) throw new Error(`no pending identity request of ${account}`)
  await t.app.db
    .transaction()
    .execute((trx) =>
      decision.approve
        ? queue.approve(trx, BigInt(row.id), 'tester')
        : queue.reject(trx, BigInt(row.id), 'tester', decision.reason),
    )
}

export async function setFundPassword(t: TestApp, grant: SessionGrant): Promise<void> {
  await brokerData(
    t.url,
    '/user/fundPassword',
    {
      login_password: `pass-${grant.account}`,
      password: FUND_PASSWORD,
      password2: FUND_PASSWORD,
    },
    session(grant),
  )
}

/** A user with verified identity and a fund password: ready to bind cards. */
export async function verifiedUser(t: TestApp, account: string): Promise<SessionGrant> {
  const grant = await newUser(t, account)
  const answer = await submitIdentity(t, grant)
  if (answer.status !== 1) throw new Error(`verify refused: ${answer.msg}`)
  await decideIdentity(t, grant.account, { approve: true })
  await setFundPassword(t, grant)
  return grant
}
