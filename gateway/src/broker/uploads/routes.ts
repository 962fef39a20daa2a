import { z } from 'zod'
import { ok } from '@kabu/shared/api/envelope'
import { uploadKindSchema, type UploadGrant } from '@kabu/shared/api/kyc'
import type { BrokerCalls } from '../common/broker-calls'
import { UploadedFile } from '../common/uploaded-file'
import type { UploadsService } from './service'

const uploadRequest = z.object({
  kind: uploadKindSchema,
  // Only uploadsHttp puts an UploadedFile here; a plain form field named `file` is refused.
  file: z.instanceof(UploadedFile, { message: 'invalid_input' }),
})

/** `/common/upload` (multipart `file`, `kind`) → `{id}` of the cleaned photo. */
export function uploadRoutes(uploads: UploadsService): BrokerCalls {
  return (routes) => {
    routes.authed('/common/upload', uploadRequest, async ({ input, user }) => {
      const { kind, file } = input
      return ok<UploadGrant>(await uploads.store(user.userId, kind, file.bytes), 'upload_ok')
    })
  }
}
