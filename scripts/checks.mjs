#!/usr/bin/env node
// The static checks of `npm test` in two lanes at once, one per core: each check is a single
// process that leaves the other core idle, and none reads what another writes (lint and format
// skip dist/, which the build writes). A lane stops at its first failure; each check's output is
// printed whole when it ends, so the two lanes do not interleave. Exits non-zero if any check
// failed. Lanes may be given as arguments, a lane's scripts separated by spaces.
import { spawn } from 'node:child_process'

const given = process.argv.slice(2).map((lane) => lane.split(' '))
const LANES = given.length
  ? given
  : [
      ['lint', 'build'],
      ['typecheck', 'format:check'],
    ]

function run(script) {
  return new Promise((resolve) => {
    const started = Date.now()
    const child = spawn('npm', ['run', '-s', script], { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0)
      resolve({
        ok: code === 0,
        text: `--- npm run ${script} (${seconds} s, exit ${code})\n${output}`,
      })
    })
  })
}

async function lane(scripts) {
  for (const script of scripts) {
    const { ok, text } = await run(script)
    process.stdout.write(text.endsWith('\n') ? text : `${text}\n`)
    if (!ok) return false
  }
  return true
}

const results = await Promise.all(LANES.map(lane))
process.exit(results.every(Boolean) ? 0 : 1)
