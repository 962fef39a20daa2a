/**
 * Draws the app icon and writes the PNGs the web app manifest and iOS ask for into
 * client/public/icons. Run after changing the drawing: `npx tsx scripts/make-icons.ts`; the PNGs are
 * committed, so a build needs neither this script nor sharp.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'

const blue = '#1f5fbf'
const out = path.resolve(import.meta.dirname, '../client/public/icons')

/**
 * The glyph on a 512 grid: candles under a rising line. `inset` shrinks it towards the centre so a
 * maskable icon keeps it inside the 80 % safe circle whatever shape the launcher cuts.
 */
function glyph(inset: number): string {
  const scale = (512 - 2 * inset) / 512
  return `<g transform="translate(${inset} ${inset}) scale(${scale})">
    <g fill="#ffffff" fill-opacity="0.35">
      <rect x="112" y="300" width="44" height="104" rx="8"/>
      <rect x="196" y="252" width="44" height="152" rx="8"/>
      <rect x="280" y="276" width="44" height="128" rx="8"/>
      <rect x="364" y="176" width="44" height="228" rx="8"/>
    </g>
    <path d="M96 300 L190 206 L270 262 L416 116" fill="none" stroke="#ffffff" stroke-width="36"
      stroke-linecap="round" stroke-linejoin="round"/>
    <circle cx="416" cy="116" r="30" fill="#ffffff"/>
  </g>`
}

// "any": a rounded tile, as the favicon; "maskable": full bleed, the launcher cuts the shape.
const anySvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="112" fill="${blue}"/>${glyph(24)}</svg>`
const maskableSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" fill="${blue}"/>${glyph(84)}</svg>`

const outputs: Array<[file: string, svg: string, size: number]> = [
  ['icon-192.png', anySvg, 192],
  ['icon-512.png', anySvg, 512],
  ['maskable-192.png', maskableSvg, 192],
  ['maskable-512.png', maskableSvg, 512],
  // iOS ignores the manifest's icons and rounds the corners itself: a full-bleed tile.
  ['apple-touch-icon-180.png', maskableSvg, 180],
]

mkdirSync(out, { recursive: true })
for (const [file, svg, size] of outputs) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 512 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, file))
  console.log(`${file} ${size}×${size}`)
}
