import css from './plain.css?inline'

/**
 * Adds plain.css to the page, before the first render: carried in the entry script rather than
 * as a stylesheet link, which would hold index.html's splash back until it arrives.
 */
export function applyPlainStyles(doc: Document = document): void {
  const style = doc.createElement('style')
  style.textContent = css
  doc.head.append(style)
}
