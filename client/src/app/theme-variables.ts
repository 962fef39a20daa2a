import type { CssVarsTheme, Theme } from '@mui/material/styles'
import { addStyleSheet } from '../ui/plain/styles'

type Block = { [key: string]: string | number | Block }

/** `colorScheme` → `color-scheme`; a custom property stays as it is. */
const property = (key: string) =>
  key.startsWith('--') ? key : key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)

/**
 * The CSS text of MUI's style objects as `generateStyleSheets` gives them: selectors and at-rules
 * holding declarations.
 */
export function cssOf(block: Block): string {
  return Object.entries(block)
    .map(([key, value]) =>
      typeof value === 'object' ? `${key}{${cssOf(value)}}` : `${property(key)}:${value};`,
    )
    .join('')
}

/** The theme's CSS variables, light and (under the system setting) dark, as one stylesheet. */
export const themeVariablesCss = (theme: Theme): string =>
  ((theme as Theme & Partial<CssVarsTheme>).generateStyleSheets?.() as Block[] | undefined)
    ?.map(cssOf)
    .join('') ?? ''

let added = false

/**
 * Adds the theme's CSS variables to the page once, as a plain stylesheet. The ThemeProviders are
 * told not to (`disableStyleSheetGeneration`): through emotion, serialising, compiling and
 * inserting these 24 KB was a quarter of the blocking time of home's first themed render
 * (`tests/load/start-blocking.ts --home`, ×0.76 without it, 4× CPU).
 */
export function addThemeVariables(theme: Theme, doc: Document = document): void {
  if (added) return
  added = true
  addStyleSheet(themeVariablesCss(theme), doc).dataset.themeVariables = ''
}

// The app's theme has CSS variables (app/theme.ts: `cssVariables: true`): MUI's types then offer
// the ThemeProvider's `disableStyleSheetGeneration`.
declare module '@mui/material/styles' {
  interface CssThemeVariables {
    enabled: true
  }
}
