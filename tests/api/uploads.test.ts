import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UPLOAD_ID_RULE } from '@kabu/shared/api/kyc'
import type { SessionGrant } from '@kabu/shared/api/user'
import { UPLOADS_PER_DAY } from '../../gateway/src/broker/uploads/service'
import { startTestApp, type TestApp } from '../support/app'
import { newUser, photo, upload } from '../support/identity'
import { session, brokerApi } from '../support/broker'

const MAX_BYTES = 200_000
const MAX_PIXELS = 1_000_000

let t: TestApp
let owner: SessionGrant
let stranger: SessionGrant
const OPS_TOKEN = 'ops-token-for-upload-tests'

beforeAll(async () => {
  t = await startTestApp({
    env: {
      UPLOAD_MAX_BYTES: String(MAX_BYTES),
      UPLOAD_MAX_PIXELS: String(MAX_PIXELS),
      OPS_TOKEN,
    },
  })
  owner = await newUser(t, 'uploader1')
  stranger = await newUser(t, 'stranger1')
})
afterAll(() => t.stop())

const uploadRows = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('uploads')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

function fetchUpload(id: string, headers: Record<string, string>) {
  return fetch(`${t.url}/api/vue/common/upload/${id}`, { headers })
}

async function storedId(bytes: Buffer, type = 'image/png'): Promise<string> {
  const answer = await upload(t, owner, 'id_front', bytes, 'photo', type)
  expect(answer).toMatchObject({ http: 200, status: 1, msg: 'upload_ok' })
  const { id } = answer.data as { id: string }
  expect(id).toMatch(UPLOAD_ID_RULE)
  return id
}

describe('/common/upload takes real photos and re-encodes them', () => {
  it('stores a PNG as a JPEG its owner can fetch', async () => {
    const id = await storedId(await photo('png', { width: 80, height: 60 }))
    const res = await fetchUpload(id, session(owner))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/jpeg')
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata()
    expect(meta).toMatchObject({ format: 'jpeg', width: 80, height: 60 })
  })

  it('turns a photo upright by its EXIF orientation, then drops every EXIF field', async () => {
    const original = await photo('jpeg', { exif: { Make: 'SecretCam' }, orientation: 6 })
    expect(original.includes('SecretCam')).toBe(true)
    const id = await storedId(original, 'image/jpeg')
    const served = Buffer.from(await (await fetchUpload(id, session(owner))).arrayBuffer())
    const meta = await sharp(served).metadata()
    expect(meta.exif).toBeUndefined()
    expect(meta.orientation).toBeUndefined()
    expect([meta.width, meta.height]).toEqual([48, 64])
    expect(served.includes('SecretCam')).toBe(false)
  })

  it('refuses a text file named .jpg and sent as image/jpeg, and writes nothing', async () => {
    const before = await uploadRows()
    const text = Buffer.from('just some text pretending to be a photo\n'.repeat(20))
    const answer = await upload(t, owner, 'id_front', text, 'passport.jpg', 'image/jpeg')
    expect(answer).toMatchObject({ status: 0, msg: 'invalid_input' })
    expect(await uploadRows()).toBe(before)
  })

  it('refuses a truncated image whose magic bytes look right', async () => {
    const png = await photo('png')
    const answer = await upload(t, owner, 'id_back', png.subarray(0, 40), 'x.png', 'image/png')
    expect(answer).toMatchObject({ status: 0, msg: 'invalid_input' })
  })

  it('refuses more bytes than UPLOAD_MAX_BYTES with 413 invalid_input', async () => {
    const big = await photo('png', { width: 400, height: 400, noise: true })
    expect(big.length).toBeGreaterThan(MAX_BYTES)
    const answer = await upload(t, owner, 'voucher', big, 'big.png', 'image/png')
    expect(answer).toMatchObject({ http: 413, status: 0, msg: 'invalid_input' })
  })

  it('refuses more pixels than UPLOAD_MAX_PIXELS, however small the file', async () => {
    const wide = await photo('png', { width: 1200, height: 1000 })
    expect(wide.length).toBeLessThan(MAX_BYTES)
    const answer = await upload(t, owner, 'voucher', wide, 'wide.png', 'image/png')
    expect(answer).toMatchObject({ status: 0, msg: 'invalid_input' })
  })

  it('refuses an unknown kind, a missing file, a plain form and an anonymous caller', async () => {
    const png = await photo('png')
    expect(await upload(t, owner, 'selfie', png)).toMatchObject({ status: 0, msg: 'invalid_input' })
    const onlyKind = new FormData()
    onlyKind.set('kind', 'id_front')
    const res = await fetch(`${t.url}/api/vue/common/upload`, {
      method: 'POST',
      headers: session(owner),
      body: onlyKind,
    })
    expect(await res.json()).toMatchObject({ status: 0, msg: 'invalid_input' })
    const plain = await brokerApi(
      t.url,
      '/common/upload',
      { kind: 'id_front', file: 'x' },
      session(owner),
    )
    expect(plain).toMatchObject({ status: 0, msg: 'invalid_input' })
    expect(await upload(t, null, 'id_front', png)).toMatchObject({
      http: 401,
      msg: 'please_login_again',
    })
  })
})

describe('a daily cap per user', () => {
  /** `count` photos of today already sent by `account` (rows only: the cap counts rows, not files). */
  async function sentToday(account: string, count: number, idPrefix: string): Promise<void> {
    const { id: userId } = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('account', '=', account)
      .executeTakeFirstOrThrow()
    const now = t.app.clock.now()
    await t.app.db
      .insertInto('uploads')
      .values(
        Array.from({ length: count }, (_, i) => ({
          id: `${idPrefix}${String(i).padStart(18, '0')}`,
          user_id: userId,
          kind: 'voucher' as const,
          bytes: 1,
          width: 1,
          height: 1,
          created_at: now - 60_000,
        })),
      )
      .execute()
  }

  it(`refuses the ${UPLOADS_PER_DAY + 1}th photo of a day with too_frequent, and only for that user`, async () => {
    const busy = await newUser(t, 'busyuser1')
    // A day's worth already sent.
    await sentToday(busy.account, UPLOADS_PER_DAY, 'busy')
    const png = await photo('png')
    expect(await upload(t, busy, 'voucher', png)).toMatchObject({ status: 0, msg: 'too_frequent' })
    expect(await upload(t, owner, 'voucher', png)).toMatchObject({ status: 1 })
  })

  it('holds under photos sent at once: with room for one, one of five is kept', async () => {
    const racer = await newUser(t, 'busyuser2')
    await sentToday(racer.account, UPLOADS_PER_DAY - 1, 'race')
    const png = await photo('png')
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => upload(t, racer, 'voucher', png)),
    )
    expect(answers.map((a) => a.msg).sort()).toEqual([
      'too_frequent',
      'too_frequent',
      'too_frequent',
      'too_frequent',
      'upload_ok',
    ])
  })
})

describe('a photo is shown only to its owner and to operators', () => {
  let id: string
  beforeAll(async () => {
    id = await storedId(await photo('png'))
  })

  it('is a 404 to another user, to nobody and to a wrong operator token', async () => {
    expect((await fetchUpload(id, session(stranger))).status).toBe(404)
    expect((await fetchUpload(id, {})).status).toBe(404)
    expect((await fetchUpload(id, { authorization: 'Bearer not-the-token' })).status).toBe(404)
    expect((await fetchUpload('../../etc/passwd', session(owner))).status).toBe(404)
  })

  it('is served to an operator with the ops token', async () => {
    const res = await fetchUpload(id, { authorization: `Bearer ${OPS_TOKEN}` })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/jpeg')
  })

  it('is checked against its kind by uploadOwnedBy', async () => {
    const { uploadOwnedBy } = await import('../../gateway/src/broker/uploads/service')
    const users = await t.app.db.selectFrom('users').select(['id', 'account']).execute()
    const ownerId = users.find((u) => u.account === owner.account)?.id ?? 0n
    const strangerId = users.find((u) => u.account === stranger.account)?.id ?? 0n
    expect(await uploadOwnedBy(t.app.db, ownerId, id, 'id_front')).toBe(true)
    expect(await uploadOwnedBy(t.app.db, ownerId, id, 'id_back')).toBe(false)
    expect(await uploadOwnedBy(t.app.db, strangerId, id, 'id_front')).toBe(false)
    expect(await uploadOwnedBy(t.app.db, ownerId, 'not an id', 'id_front')).toBe(false)
  })
})
