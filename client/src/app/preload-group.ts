/** The build's preload plan, as index.html carries it (build/first-screen-preloads.ts). */
interface PreloadPlan {
  files: string[]
  groups: Record<string, number[]>
}

/**
 * Adds `modulepreload` links for one group of the build's preload plan: its chunks download and
 * compile, and none of them runs until something imports it. For the code of the next screen
 * that is costly to run and not needed yet (MUI's theme, past home).
 */
export function preloadGroup(name: string, doc: Document = document): void {
  const text = doc.getElementById('first-screens')?.textContent
  if (!text) return
  const plan = JSON.parse(text) as PreloadPlan
  const linked = new Set(
    Array.from(doc.querySelectorAll('link[rel="modulepreload"]'), (l) => l.getAttribute('href')),
  )
  for (const index of plan.groups[name] ?? []) {
    const href = plan.files[index]
    if (!href || linked.has(href)) continue
    const link = doc.createElement('link')
    link.rel = 'modulepreload'
    link.href = href
    doc.head.append(link)
  }
}
