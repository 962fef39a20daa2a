import css from './plain.css?inline'

/** Adds `text` to the page as one stylesheet of its own (a plain `<style>`, no CSS-in-JS). */
export function addStyleSheet(text: string, doc: Document = document): HTMLStyleElement {
  const style = doc.createElement('style')
  style.textContent = text
  doc.head.append(style)
  return style
}

/**
 * Adds plain.css to the page, before the first render: carried in the entry script rather than
 * as a stylesheet link, which would hold index.html's splash back until it arrives.
 */
export function applyPlainStyles(doc: Document = document): void {
  addStyleSheet(css, doc)
}
