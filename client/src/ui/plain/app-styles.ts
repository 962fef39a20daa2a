import css from './app.css?inline'
import { addStyleSheet } from './styles'

let added = false

/**
 * Adds app.css (the plain elements past login) once. Called by the modules of the layouts past
 * login as their chunk arrives, so it is there before their first render; a module of its own so
 * the entry script, which carries plain.css, does not carry this too.
 */
export function applyAppStyles(doc: Document = document): void {
  if (added) return
  added = true
  addStyleSheet(css, doc)
}
