// Types of what tests/lint/boundaries.test.ts reads from eslint.config.js.
import type { Linter } from 'eslint'

export interface Zone {
  target: string | string[]
  from: string | string[]
  except?: string[]
  message: string
}

export const zones: Zone[]
declare const config: Linter.Config[]
export default config
