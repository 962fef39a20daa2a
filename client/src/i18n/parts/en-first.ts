import common from '../locales/en/common'
import login from '../locales/en/login'
import server from '../locales/en/server'

/** What the start, login and register screens and the api client's toasts need: shown first. */
export default { ...common, ...login, ...server }
