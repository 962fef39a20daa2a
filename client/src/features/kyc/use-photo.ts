import type { UploadKind } from '@kabu/shared/api/kyc'
import { useCallback, useEffect, useState } from 'react'
import { isBrokerRefusal } from '../../api/refusal'
import { uploadPhoto } from '../../api/photo-upload'

export interface PhotoState {
  /** A local object URL of the picked photo, for the preview. */
  preview: string | null
  /** 0–1 while sending, null otherwise. */
  progress: number | null
  /** The server's upload id once it took the photo. */
  id: string | null
  pick(file: File): void
}

/**
 * One photo picker's life: preview at once from the phone's own file, upload in the background
 * with progress, keep the id the form will send. Picking again replaces both.
 */
export function usePhoto(kind: UploadKind): PhotoState {
  const [preview, setPreview] = useState<string | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [id, setId] = useState<string | null>(null)

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview])

  const pick = useCallback(
    (file: File) => {
      setPreview(URL.createObjectURL(file))
      setId(null)
      setProgress(0)
      uploadPhoto(kind, file, setProgress)
        .then(setId)
        .catch((error: unknown) => {
          // Refused (toasted already): the picker shows no id, so the form asks for the photo again.
          if (!isBrokerRefusal(error)) throw error
        })
        .finally(() => setProgress(null))
    },
    [kind],
  )
  return { preview, progress, id, pick }
}
