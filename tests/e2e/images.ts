import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'

/**
 * Small real photos for the upload pickers: the gateway judges images by their bytes and re-encodes
 * them, so a journey needs files sharp (and so the gateway) can decode, not names ending in .jpg.
 */
export interface JourneyImages {
  dir: string
  idFront: string
  idBack: string
  voucher: string
}

// A coloured card with a lighter band, so each picker's preview is recognisable on a screenshot.
async function card(
  background: { r: number; g: number; b: number },
  format: 'jpeg' | 'png',
): Promise<Buffer> {
  const band = await sharp({
    create: { width: 280, height: 36, channels: 3, background: { r: 245, g: 245, b: 245 } },
  })
    .png()
    .toBuffer()
  const image = sharp({ create: { width: 320, height: 200, channels: 3, background } }).composite([
    { input: band, top: 120, left: 20 },
  ])
  return format === 'jpeg' ? image.jpeg({ quality: 85 }).toBuffer() : image.png().toBuffer()
}

/** Writes an ID front (JPEG), an ID back (PNG) and a transfer slip (JPEG) into a new temp dir. */
export async function writeJourneyImages(): Promise<JourneyImages> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kabu-e2e-images-'))
  const files = {
    idFront: path.join(dir, 'id-front.jpg'),
    idBack: path.join(dir, 'id-back.png'),
    voucher: path.join(dir, 'transfer-slip.jpg'),
  }
  writeFileSync(files.idFront, await card({ r: 40, g: 110, b: 190 }, 'jpeg'))
  writeFileSync(files.idBack, await card({ r: 60, g: 150, b: 90 }, 'png'))
  writeFileSync(files.voucher, await card({ r: 200, g: 120, b: 40 }, 'jpeg'))
  return { dir, ...files }
}
