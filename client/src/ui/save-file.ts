/**
 * Hands a downloaded Blob to the browser as a file: an object URL on a temporary link, clicked,
 * then revoked once the browser has taken it (a phone's browser saves or offers to open it).
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
