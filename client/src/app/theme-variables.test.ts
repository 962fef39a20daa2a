import type { CssVarsTheme } from '@mui/material/styles'
import { describe, expect, it } from 'vitest'
import { theme } from './theme'
import { cssOf, themeVariablesCss } from './theme-variables'

describe('the theme’s CSS variables as one stylesheet', () => {
  const css = themeVariablesCss(theme)

  it('writes selectors, at-rules and declarations as CSS', () => {
    expect(cssOf({ ':root': { colorScheme: 'light', '--a-b': '1px', '--z': 1100 } })).toBe(
      ':root{color-scheme:light;--a-b:1px;--z:1100;}',
    )
    expect(cssOf({ '@media (x)': { ':root': { '--a': 'red' } } })).toBe(
      '@media (x){:root{--a:red;}}',
    )
  })

  it('holds the light scheme at the root and the dark one under the system setting', () => {
    const dark = css.indexOf('@media (prefers-color-scheme: dark){:root{')
    expect(dark).toBeGreaterThan(0)
    expect(css.slice(0, dark)).toContain('color-scheme:light;')
    expect(css.slice(0, dark)).toContain('--mui-palette-primary-main:#1f5fbf;')
    expect(css.slice(dark)).toContain('color-scheme:dark;')
    expect(css.slice(dark)).toContain('--mui-palette-primary-main:#7aa7ff;')
  })

  it('carries every variable MUI would have added', () => {
    const sheets = (theme as unknown as CssVarsTheme).generateStyleSheets()
    const variables = JSON.stringify(sheets).match(/"--[\w-]+"/g) ?? []
    expect(variables.length).toBeGreaterThan(300)
    for (const name of variables) expect(css).toContain(`${JSON.parse(name) as string}:`)
  })
})
