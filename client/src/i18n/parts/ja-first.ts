import common from '../locales/ja/common'
import login from '../locales/ja/login'
import server from '../locales/ja/server'
import shell from '../locales/ja/shell'

/**
 * What the start, login and register screens, the api client's toasts and the app shell's offline
 * and update notices need: shown first.
 */
export default { ...common, ...login, ...server, ...shell }
