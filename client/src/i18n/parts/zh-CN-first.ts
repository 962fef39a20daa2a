import common from '../locales/zh-CN/common'
import login from '../locales/zh-CN/login'
import server from '../locales/zh-CN/server'
import shell from '../locales/zh-CN/shell'

/**
 * What the start, login and register screens, the api client's toasts and the app shell's offline
 * and update notices need: shown first.
 */
export default { ...common, ...login, ...server, ...shell }
