import { chromium, type Browser, type BrowserContext } from 'playwright-core'
import { watchAccessibility } from './a11y'

/**
 * Debian's chromium, never a downloaded one (TOOLING.md), with a phone context: the product is used
 * on phones, so every journey runs at 390×844. Every screenshot a page of it takes is first scanned
 * by axe-core (a11y.ts), so each journey's screens are checked for accessibility as it walks them.
 */
export async function launchPhone(): Promise<{ browser: Browser; context: BrowserContext }> {
  const browser = await chromium.launch(launchOptions)
  const context = await browser.newContext(phone)
  watchAccessibility(context)
  return { browser, context }
}

/** A desktop window (the back-office console's other layout), scanned by axe like the phone. */
export async function launchDesktop(): Promise<{ browser: Browser; context: BrowserContext }> {
  const browser = await chromium.launch(launchOptions)
  const context = await browser.newContext({
    ...phone,
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
    isMobile: false,
    hasTouch: false,
  })
  watchAccessibility(context)
  return { browser, context }
}

/**
 * The same phone with a real profile in `userDataDir`: a normal context is incognito, where
 * Chromium says no web app can be installed (`in-incognito`). Close the context to end it.
 */
export async function launchPhoneProfile(userDataDir: string): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(userDataDir, {
    ...launchOptions,
    ...phone,
  })
  watchAccessibility(context)
  return context
}

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
}

const phone = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  locale: 'ja-JP',
  timezoneId: 'Asia/Tokyo',
  // The app follows the system's scheme: COLOR_SCHEME=dark walks a journey (and its scan) in dark.
  colorScheme: process.env.COLOR_SCHEME === 'dark' ? ('dark' as const) : ('light' as const),
}
