import common from '../locales/en/common'
import login from '../locales/en/login'
import server from '../locales/en/server'
import shell from '../locales/en/shell'

/**
 * What the start, login and register screens, the api client's toasts and the app shell's offline
 * and update notices need: shown first.
 */
export default { ...common, ...login, ...server, ...shell }
