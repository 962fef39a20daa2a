import common from '../locales/ja/common'
import login from '../locales/ja/login'
import server from '../locales/ja/server'

/** What the start, login and register screens and the api client's toasts need: shown first. */
export default { ...common, ...login, ...server }
