import { fileTypeFromBuffer } from 'file-type'
import sharp from 'sharp'
import { Refusal } from '../common/refusal'

/** What the magic bytes may say; anything else is refused before an image decoder sees it. */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'])

// Photos of documents and vouchers stay legible at this size, and stored files stay small.
const LONG_SIDE = 2560

export interface CleanImage {
  jpeg: Buffer
  width: number
  height: number
}

/**
 * A phone photo made safe to keep and to show: judged by its bytes (never its name or declared
 * type), capped in pixels before decoding, turned upright by its EXIF orientation, then re-encoded
 * as a fresh JPEG, which carries none of the original's metadata (location, camera, thumbnails).
 * Whatever sharp cannot decode (HEIC from some phones included) is refused the same way.
 */
export async function cleanImage(bytes: Buffer, maxPixels: number): Promise<CleanImage> {
  const type = await fileTypeFromBuffer(bytes)
  if (!type || !IMAGE_TYPES.has(type.mime)) throw new Refusal('invalid_input')
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' })
      .rotate()
      .resize({ width: LONG_SIDE, height: LONG_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85 })
      .toBuffer({ resolveWithObject: true })
    return { jpeg: data, width: info.width, height: info.height }
  } catch {
    // Corrupt, truncated, too many pixels or an unsupported codec: all the same to the user.
    throw new Refusal('invalid_input')
  }
}
