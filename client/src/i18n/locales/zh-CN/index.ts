import block from './block'
import charts from './charts'
import common from './common'
import daytrade from './daytrade'
import depth from './depth'
import follow from './follow'
import funds from './funds'
import identity from './identity'
import ipo from './ipo'
import loans from './loans'
import login from './login'
import market from './market'
import markets from './markets'
import messages from './messages'
import mine from './mine'
import mineDocuments from './mine-documents'
import news from './news'
import security from './security'
import server from './server'
import shell from './shell'
import support from './support'
import trading from './trading'
import trust from './trust'

/** Every text of this language: each area file holds keys prefixed by its area. */
export default {
  ...block,
  ...charts,
  ...common,
  ...daytrade,
  ...depth,
  ...follow,
  ...funds,
  ...identity,
  ...ipo,
  ...login,
  ...loans,
  ...mine,
  ...mineDocuments,
  ...security,
  ...server,
  ...shell,
  ...support,
  ...market,
  ...markets,
  ...messages,
  ...news,
  ...trading,
  ...trust,
} satisfies Record<string, string>
