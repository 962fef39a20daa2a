import { readFileSync } from 'node:fs'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import en from '../i18n/locales/en/common'
import ja from '../i18n/locales/ja/common'
import zhCN from '../i18n/locales/zh-CN/common'
import { parseLocale, type Locale } from '../i18n/locale'

/**
 * public/first-paint.js runs before the app, outside the build: it cannot import the catalogues
 * or parseLocale, so it repeats them. Run here as the browser runs it, it must agree with both.
 */
const script = readFileSync(new URL('../../public/first-paint.js', import.meta.url), 'utf8')
const catalogues: Record<Locale, { 'common.appName': string; 'common.tagline': string }> = {
  ja,
  'zh-CN': zhCN,
  en,
}

/** What the script reaches besides the document: frames and tasks run at once, Intl recorded. */
function browser(intlCalls: string[] = []) {
  const service = (name: string) => ({
    supportedLocalesOf: (locale: string) => {
      intlCalls.push(`${name} ${locale}`)
      return [locale]
    },
  })
  return {
    requestAnimationFrame: (run: () => void) => run(),
    setTimeout: (run: (...args: unknown[]) => void, _ms: number, ...args: unknown[]) =>
      run(...args),
    Intl: { NumberFormat: service('NumberFormat'), DateTimeFormat: service('DateTimeFormat') },
  }
}

function firstPaint(stored: string | null, splash = true) {
  const html = { lang: 'ja' }
  const name = { textContent: '' }
  const tagline = { textContent: '' }
  const elements: Record<string, unknown> = splash
    ? { 'splash-name': name, 'splash-tagline': tagline }
    : {}
  runInNewContext(script, {
    ...browser(),
    document: { documentElement: html, getElementById: (id: string) => elements[id] ?? null },
    localStorage: { getItem: () => stored },
  })
  return { lang: html.lang, name: name.textContent, tagline: tagline.textContent }
}

describe('first-paint.js', () => {
  it.each(['ja', 'zh-CN', 'en', 'jp', 'cn', 'us', 'zh', 'ZH-CN', 'fr', '', null])(
    'reads the stored language %j as parseLocale does, and writes its catalogue’s words',
    (stored) => {
      const locale = parseLocale(stored)
      expect(firstPaint(stored)).toEqual({
        lang: locale,
        name: catalogues[locale]['common.appName'],
        tagline: catalogues[locale]['common.tagline'],
      })
    },
  )

  it('only sets the language on a page without the splash (the console)', () => {
    expect(firstPaint('en', false)).toEqual({ lang: 'en', name: '', tagline: '' })
  })

  it('falls back to Japanese when storage is refused', () => {
    const html = { lang: '' }
    runInNewContext(script, {
      ...browser(),
      document: { documentElement: html, getElementById: () => null },
      localStorage: {
        getItem: () => {
          throw new Error('SecurityError')
        },
      },
    })
    expect(html.lang).toBe('ja')
  })

  it('loads the language’s Intl data after the first frame, one service per task', () => {
    const calls: string[] = []
    const tasks: Array<() => void> = []
    const frames: Array<() => void> = []
    runInNewContext(script, {
      ...browser(calls),
      requestAnimationFrame: (run: () => void) => frames.push(run),
      setTimeout: (run: () => void) => tasks.push(run),
      document: { documentElement: {}, getElementById: () => null },
      localStorage: { getItem: () => 'zh-CN' },
    })
    expect(calls).toEqual([])
    frames.shift()?.()
    tasks.shift()?.()
    expect(calls).toEqual(['NumberFormat zh-CN'])
    tasks.shift()?.()
    expect(calls).toEqual(['NumberFormat zh-CN', 'DateTimeFormat zh-CN'])
  })
})

/**
 * Runs the script on a page whose index.html carries a preload plan with one file per group
 * (named after it: `home.js`), or `homeFiles` files for home (`home-0.js` …), and returns the
 * files it asks the browser to preload, in order, and how many tasks added some.
 */
function preloadsFor(hash: string, storage: Record<string, string>, homeFiles = 1) {
  const groups = ['first:ja', 'first:en', 'rest:ja', '/login/start', '/login/login']
  const files = groups.map((g) => `${g}.js`)
  const plan = { files, groups: {} as Record<string, number[]> }
  groups.forEach((g, i) => (plan.groups[g] = [i]))
  plan.groups.home = Array.from({ length: homeFiles }, (_, i) => {
    files.push(homeFiles === 1 ? 'home.js' : `home-${i}.js`)
    return files.length - 1
  })
  const links: string[] = []
  const tasks: Array<() => void> = []
  runInNewContext(script, {
    ...browser(),
    document: {
      documentElement: {},
      getElementById: (id: string) =>
        id === 'first-screens' ? { textContent: JSON.stringify(plan) } : null,
      createElement: () => ({}),
      head: { appendChild: (link: { rel: string; href: string }) => links.push(link.href) },
    },
    localStorage: { getItem: (key: string) => storage[key] ?? null },
    location: { hash },
    // The links are added after the splash's first frame, in tasks: here, one after the other.
    requestAnimationFrame: (run: () => void) => run(),
    setTimeout: (run: (...args: unknown[]) => void, _ms: number, ...args: unknown[]) =>
      tasks.push(() => run(...args)),
  })
  let adding = 0
  while (tasks.length > 0) {
    const before = links.length
    tasks.shift()?.()
    if (links.length > before) adding++
  }
  return { links, tasks: adding }
}

describe('first-paint.js preloads the first screen', () => {
  it('opened at /: the language’s first texts, the start screen, then login', () => {
    expect(preloadsFor('', {}).links).toEqual(['first:ja.js', '/login/start.js', '/login/login.js'])
    expect(preloadsFor('#/', { language: 'en' }).links).toEqual([
      'first:en.js',
      '/login/start.js',
      '/login/login.js',
    ])
  })

  it('with a stored session the start screen leads home, with the rest of the texts', () => {
    expect(preloadsFor('#/login/start', { tokend: 't' }).links).toEqual([
      'first:ja.js',
      '/login/start.js',
      'home.js',
      'rest:ja.js',
    ])
  })

  it('a screen opened directly by its hash path, its query left out', () => {
    expect(preloadsFor('#/login/login?from=logout', {}).links).toEqual([
      'first:ja.js',
      '/login/login.js',
    ])
  })

  it('a path with no plan of its own: only the texts', () => {
    expect(preloadsFor('#/mine/settings', { tokend: 't' }).links).toEqual(['first:ja.js'])
  })

  it('adds a long list a few links per task, in order', () => {
    const { links, tasks } = preloadsFor('#/', { tokend: 't' }, 20)
    expect(links).toEqual([
      'first:ja.js',
      '/login/start.js',
      ...Array.from({ length: 20 }, (_, i) => `home-${i}.js`),
      'rest:ja.js',
    ])
    expect(tasks).toBe(3)
  })
})
