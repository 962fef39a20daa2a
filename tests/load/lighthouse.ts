/**
 * Lighthouse's mobile performance, the median of several runs each, with FCP, LCP, TBT and the
 * JavaScript transferred, of three pages: `start → login`, a new phone opening `/` (the start
 * screen's steps, then the login form: what a newcomer waits through); `login`, the login screen
 * opened directly (`/#/login/login`, issue 15's "login screen"); `home`, `/` logged in.
 *
 *   npm run build && npx tsx tests/load/lighthouse.ts
 *   RUNS=5 REFERENCE_CLIENT_DIR=/tmp/old-dist npx tsx tests/load/lighthouse.ts
 *   PAGES=login,home npx tsx tests/load/lighthouse.ts     (only these pages, by name)
 *   DEMO=0 PAGES=login npx tsx tests/load/lighthouse.ts   (a gateway outside the demo: no demo
 *                                                          login offered; pages logged out only)
 *
 * Lighthouse lives in its own package (`tests/perf`, outside the workspaces: at the root it pulled
 * a second intl-messageformat into the app bundle); this script installs it there on first use.
 * With REFERENCE_CLIENT_DIR a second gateway serves that build and the runs alternate between
 * the two, so the figures can be quoted as ratios measured on the same busy machine at the same
 * time. Prints figures; asserts nothing.
 */
import { startGateway } from '../e2e/gateway'
import { loadLighthouse, logIn, warmMarket, type PageFigures } from './lighthouse/runner'
import { printTable } from './lighthouse/report'

const runs = Number(process.env.RUNS ?? 5)
const allPages = [
  { name: 'start → login', path: '/', loggedIn: false },
  { name: 'login', path: '/#/login/login', loggedIn: false },
  { name: 'home', path: '/', loggedIn: true },
] as const
const chosen = process.env.PAGES?.split(',')
const pages = chosen ? allPages.filter((p) => chosen.includes(p.name)) : allPages
const referenceDir = process.env.REFERENCE_CLIENT_DIR

const lighthouse = await loadLighthouse()
const env = { LOG_LEVEL: 'silent', ...(process.env.DEMO ? { DEMO: process.env.DEMO } : {}) }
const subject = await startGateway(env)
const reference = referenceDir
  ? await startGateway({ ...env, CLIENT_DIR: referenceDir })
  : undefined
await Promise.all([subject, reference].map((g) => g && warmMarket(g.url)))
// Only the demo has an account to log in with.
const logInTo = (gateway: typeof subject) =>
  pages.some((p) => p.loggedIn) ? logIn(gateway.url, gateway.config) : Promise.resolve(null)
try {
  const figures: Record<string, PageFigures[]> = {}
  const add = (name: string, f: PageFigures) => (figures[name] ??= []).push(f)
  const builds = [
    { name: 'this build', url: subject.url, grant: await logInTo(subject) },
    ...(reference
      ? [
          {
            name: 'reference',
            url: reference.url,
            grant: await logInTo(reference),
          },
        ]
      : []),
  ]
  for (let i = 0; i < runs; i++) {
    // Interleaved, so a burst of load from the other agents on this machine hits both builds.
    for (const build of builds) {
      for (const page of pages) {
        const grant = page.loggedIn ? build.grant : null
        add(`${build.name} · ${page.name}`, await lighthouse.measure(build.url, page, grant))
      }
    }
    console.log(`run ${i + 1}/${runs} done`)
  }
  printTable(
    figures,
    pages.map((p) => p.name),
    reference !== undefined,
  )
} finally {
  await subject.stop()
  await reference?.stop()
}
