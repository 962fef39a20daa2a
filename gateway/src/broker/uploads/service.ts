import { randomBytes } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Kysely } from 'kysely'
import { UPLOAD_ID_RULE, type UploadKind } from '@kabu/shared/api/kyc'
import type { Clock } from '../../clock'
import { lockUser, type Database } from '../../store/index'
import { Refusal } from '../common/refusal'
import { cleanImage } from './image'

/**
 * Whether upload `id` is `userId`'s own photo of the given kind: how KYC and deposits check the
 * ids a form refers to.
 */
export async function uploadOwnedBy(
  db: Kysely<Database>,
  userId: bigint,
  id: string,
  kind: UploadKind,
): Promise<boolean> {
  if (!UPLOAD_ID_RULE.test(id)) return false
  const row = await db
    .selectFrom('uploads')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirst()
  return row !== undefined
}

/** Photos one user may send per 24 hours: a KYC retry or a deposit voucher needs a few, not hundreds. */
export const UPLOADS_PER_DAY = 60
const DAY_MS = 24 * 60 * 60_000

export interface UploadsDeps {
  db: Kysely<Database>
  clock: Clock
  dataDir: string
  maxPixels: number
}

/** Who asks for a file: its owner's session, or an operator. */
export type Viewer = { userId: bigint } | { operator: true }

export type UploadsService = ReturnType<typeof createUploads>

/** Photos users send (ID documents, transfer vouchers), kept as cleaned JPEGs under DATA_DIR. */
export function createUploads({ db, clock, dataDir, maxPixels }: UploadsDeps) {
  const folder = path.join(dataDir, 'uploads')
  const fileOf = (id: string) => path.join(folder, `${id}.jpg`)

  async function refuseOverCap(reader: Kysely<Database>, userId: bigint) {
    const today = await reader
      .selectFrom('uploads')
      .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
      .where('user_id', '=', userId)
      .where('created_at', '>', BigInt(clock.now() - DAY_MS))
      .executeTakeFirstOrThrow()
    if (Number(today.n) >= UPLOADS_PER_DAY) throw new Refusal('too_frequent')
  }

  return {
    async store(userId: bigint, kind: UploadKind, bytes: Buffer): Promise<{ id: string }> {
      // Checked before decoding: the cap is also what keeps one user from filling the disk.
      await refuseOverCap(db, userId)
      const image = await cleanImage(bytes, maxPixels)
      const id = randomBytes(16).toString('base64url')
      await mkdir(folder, { recursive: true })
      // The file first: a row never points at nothing. A failed insert takes the file back.
      await writeFile(fileOf(id), image.jpeg, { flag: 'wx', mode: 0o600 })
      try {
        await db.transaction().execute(async (trx) => {
          // Counted again under the user's lock: uploads sent at once each passed the first count.
          await lockUser(trx, userId)
          await refuseOverCap(trx, userId)
          await trx
            .insertInto('uploads')
            .values({
              id,
              user_id: userId,
              kind,
              bytes: image.jpeg.length,
              width: image.width,
              height: image.height,
              created_at: clock.now(),
            })
            .execute()
        })
      } catch (error) {
        await rm(fileOf(id), { force: true })
        throw error
      }
      return { id }
    },

    /** The file's path if the viewer may see it; undefined (a 404, not a 403) otherwise. */
    async pathFor(id: string, viewer: Viewer): Promise<string | undefined> {
      if (!UPLOAD_ID_RULE.test(id)) return undefined
      let query = db.selectFrom('uploads').select('id').where('id', '=', id)
      if ('userId' in viewer) query = query.where('user_id', '=', viewer.userId)
      const row = await query.executeTakeFirst()
      return row ? fileOf(row.id) : undefined
    },
  }
}
