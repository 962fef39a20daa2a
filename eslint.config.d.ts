// Types of what tests/lint reads from eslint.config.js.
import type { Linter } from 'eslint'

export interface Zone {
  target: string | string[]
  from: string | string[]
  except?: string[]
  message: string
}

export const zones: Zone[]
/** The client's layers, lowest first: each imports only those below it. */
export const clientLayers: string[]
declare const config: Linter.Config[]
export default config
