import { readFileSync } from 'node:fs'
import path from 'node:path'
import { USER_EVENT_TYPES } from '@kabu/shared/lines/index'
import { describe, expect, it } from 'vitest'
import { USER_EVENT_LISTENERS } from './user-event-listeners'

const srcDir = path.resolve(import.meta.dirname, '..')

describe('the /user events', () => {
  it('each have a listener in the client, which names the event', () => {
    expect(Object.keys(USER_EVENT_LISTENERS).sort()).toEqual([...USER_EVENT_TYPES].sort())
    for (const [type, files] of Object.entries(USER_EVENT_LISTENERS)) {
      for (const file of files) {
        const text = readFileSync(path.join(srcDir, file), 'utf8')
        expect(text.includes(`'${type}'`), `${file} listens to ${type}`).toBe(true)
      }
    }
  })
})
