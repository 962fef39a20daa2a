// The gateway's rule against accessors made per object (eslint.config.js, no-restricted-syntax)
// must fire: each probe below breaks it, linted as text at a path under gateway/src.
import { join } from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it, vi } from 'vitest'

// ESLint loads the TypeScript projects of four workspaces on its first lint: seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000 })

const root = join(import.meta.dirname, '../..')
const eslint = new ESLint({ cwd: root })

async function restricted(source: string): Promise<number> {
  const [result] = await eslint.lintText(source, {
    filePath: join(root, 'gateway/src/http/__accessor_probe__.ts'),
  })
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').length
}

describe('accessors made per object in the gateway', () => {
  it('refuses an object literal’s getter and setter, and defineProperty or setPrototypeOf', async () => {
    const literal = `export const call = (req: { id: string }) => ({
  get log() { return req.id },
  set log(_v: string) {},
})\n`
    expect(await restricted(literal)).toBe(2)
    const defined = `export function tag(req: object) {
  Object.defineProperty(req, 'log', { get: () => 1 })
  Object.setPrototypeOf(req, null)
}\n`
    expect(await restricted(defined)).toBe(2)
  })

  it('lets a class’s getter pass', async () => {
    const source = `export class Call {
  constructor(readonly id: string) {}
  get log() { return this.id }
}\n`
    expect(await restricted(source)).toBe(0)
  })
})
