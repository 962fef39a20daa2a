import common from '../locales/zh-CN/common'
import login from '../locales/zh-CN/login'
import server from '../locales/zh-CN/server'

/** What the start, login and register screens and the api client's toasts need: shown first. */
export default { ...common, ...login, ...server }
