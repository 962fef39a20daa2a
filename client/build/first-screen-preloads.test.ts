import type { Rollup } from 'vite'
import { describe, expect, it } from 'vitest'
import { preloadPlan } from './first-screen-preloads'

const chunk = (fileName: string, facade: string | null, imports: string[] = []) =>
  ({ type: 'chunk', fileName, facadeModuleId: facade, imports }) as unknown as Rollup.OutputChunk

// An entry with React beside it; the login screen sharing a form chunk with register, which
// imports the API client the entry does not have.
const entry = chunk('assets/main.js', '/app/src/main.tsx', ['assets/react.js'])
const bundle = Object.fromEntries(
  [
    entry,
    chunk('assets/react.js', null),
    chunk('assets/Login.js', '/app/src/features/login/LoginScreen.tsx', [
      'assets/form.js',
      'assets/react.js',
    ]),
    chunk('assets/Register.js', '/app/src/features/login/RegisterScreen.tsx', ['assets/form.js']),
    chunk('assets/form.js', null, ['assets/api.js', 'assets/react.js']),
    chunk('assets/api.js', null),
  ].map((c) => [c.fileName, c]),
) as Rollup.OutputBundle

describe('preloadPlan', () => {
  it('lists each screen’s chunk and what it imports, without what the entry already loads', () => {
    const plan = preloadPlan(bundle, entry, {
      login: ['src/features/login/LoginScreen.tsx'],
      register: ['src/features/login/RegisterScreen.tsx'],
    })
    const files = (group: string) => plan.groups[group]!.map((i) => plan.files[i])
    expect(files('login')).toEqual(['assets/Login.js', 'assets/form.js', 'assets/api.js'])
    expect(files('register')).toEqual(['assets/Register.js', 'assets/form.js', 'assets/api.js'])
    // Each file is named once.
    expect(plan.files).toEqual([
      'assets/Login.js',
      'assets/form.js',
      'assets/api.js',
      'assets/Register.js',
    ])
  })

  it('fails the build when a first screen’s module has no chunk of its own (a renamed screen)', () => {
    expect(() => preloadPlan(bundle, entry, { gone: ['src/features/login/Gone.tsx'] })).toThrow(
      'no chunk for src/features/login/Gone.tsx',
    )
  })
})
