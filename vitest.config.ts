import { defineConfig } from 'vitest/config'
import SlowFirst from './tests/support/slow-first.ts'

// One runner for every test; projects split them by where they run. The e2e project drives Debian
// chromium against a real gateway, so it runs alone (2 cores) and after the build.
// CI asks for a JSON report beside the console output to print its totals line; `npm test` runs
// the browser journeys as a second phase (alone on the 2 cores), which gets a report of its own.
const phase = process.env.VITEST_PHASE
const json = process.env.VITEST_JSON?.replace(/\.json$/, phase ? `-${phase}.json` : '.json')

export default defineConfig({
  test: {
    reporters: json ? ['default', ['json', { outputFile: json }]] : ['default'],
    // The longest files first (tests/slow-files.json), so that a project's workers end together.
    sequence: { sequencer: SlowFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'shared/src/**/*.test.ts',
            'client/src/**/*.test.{ts,tsx}',
            'client/build/**/*.test.ts',
            'tests/lint/**/*.test.ts',
            'tests/build/**/*.test.ts',
            'tests/qa/**/*.test.ts',
          ],
          // vitest's default on 2 cores is one worker: the files ran one at a time.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'gateway',
          include: ['gateway/src/**/*.test.ts', 'tests/api/**/*.test.ts'],
          // One database migrated for the whole run; each file that wants one migrated gets a copy.
          globalSetup: ['tests/support/db-template.setup.ts'],
          // vitest's default leaves one of 2 cores to its main process, so files ran one at a time;
          // a file's gateway waits on sockets, timers, PostgreSQL and argon2's threads much of the time.
          // CI's PostgreSQL phase asks for three (VITEST_GATEWAY_WORKERS, .ci/run): a project's own
          // count wins over the command line's --maxWorkers, which that phase gave in vain.
          maxWorkers: Number(process.env.VITEST_GATEWAY_WORKERS) || 2,
          // A file's own module graph (the gateway, the market's listings, zod schemas) took seconds
          // to load, once per file; shared by the files of a worker, it loads once per worker. Each
          // file starts its own gateway on its own database, so nothing a test keeps is shared.
          isolate: false,
          // A worker runs half the ~180 files. Every stopped gateway used to stay in its heap (held by
          // prom-client's GC observer and socket.io's session sweep; tests/api/stopped-gateway.test.ts
          // guards it), and one worker passed V8's ~4 GB default and died in CI. The room stays for
          // what a test file itself keeps.
          execArgv: ['--max-old-space-size=8192'],
          // vitest runs projects of different worker counts as separate groups: unit first.
          sequence: { groupOrder: 1 },
          testTimeout: 20_000,
          // A suite's gateway (its database copied, the demo seeded, a year of history simulated) can
          // take several seconds to start on 2 busy cores; vitest's 10 s default hook limit tripped.
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Two journeys at once: a journey waits on the phone and the gateway's timers about half
          // the time (a run used half of 2 cores). A third on 2 cores was slower, and timed out.
          maxWorkers: 2,
          // The gateway's module graph loads once for all journeys, not once per file (as gateway).
          isolate: false,
          // A journey waits on what the phone shows; vitest's 1 s for expect.poll was shorter than a
          // lazily loaded screen takes on 2 busy cores (a route's chunk and catalogue part first).
          expect: { poll: { timeout: 15_000 } },
        },
      },
      {
        // docker compose itself (a Docker engine, images built): asked for by name only, never by
        // `npm test` (tests/deploy/compose-scale.test.ts says how).
        test: {
          name: 'deploy',
          include: ['tests/deploy/**/*.test.ts'],
          testTimeout: 240_000,
          hookTimeout: 1_500_000,
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
})
