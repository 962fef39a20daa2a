// The about page, the privacy policy and the user terms (keys of the mine area).
export default {
  'mine.about.title': '关于我们',
  'mine.about.what.h': 'Kabu 移动是什么',
  'mine.about.what.p':
    'Kabu 移动是一款面向个人投资者的手机证券应用的演示版。您可以查看实时行情、搜索三个市场的股票、查看个股图表并管理账户。交易、新股申购和资金划转等功能将逐步加入。',
  'mine.about.simulated.h': '行情数据为模拟数据',
  'mine.about.simulated.p':
    '股价、图表和排行均由行情模拟器生成。它们按各交易所的最小报价单位和涨跌幅限制像真实市场一样变动，但并非真实价格，不能用于真实的投资决策。显示模拟数据的页面会加以标注。本应用不买卖任何真实证券，也不涉及任何真实资金往来。',
  'mine.about.markets.h': '市场',
  'mine.about.markets.p':
    '默认市场为日本（东京证券交易所，日元）。同时提供美股（美元）和中国 A 股（人民币），每个市场有各自的资金账户。',
  'mine.about.contact.h': '联系我们',
  'mine.about.contact.p': '如对账户有疑问，请使用“我的”页面菜单中的“在线客服”。',
  'mine.about.version': '版本 {version}',
  'mine.privacy.title': '隐私政策',
  'mine.privacy.account.h': '我们保存的账户信息',
  'mine.privacy.account.p':
    '账号名、注册时使用的邀请码、余额，以及您在应用内的操作记录（委托、资金划转、各类申请）。注册无需提供姓名、地址或电话号码。',
  'mine.privacy.password.h': '密码',
  'mine.privacy.password.p':
    '我们不会按您输入的原样保存密码，只保存无法还原的单向哈希（argon2id），因此包括我们的工作人员在内，任何人都无法读出您的密码。如忘记密码，客服可以协助您重新设置。',
  'mine.privacy.sessions.h': '登录会话',
  'mine.privacy.sessions.p':
    '登录时我们会生成一个随机的会话令牌，服务器只保存它的哈希以及创建和最近使用的时间。退出登录时会话结束；修改登录密码后，该账户的所有会话都会结束。',
  'mine.privacy.device.h': '保存在您设备上的信息',
  'mine.privacy.device.p':
    '应用会在浏览器存储中保存：会话令牌和账号名（用于保持登录）、界面语言、涨跌颜色设置以及最近的搜索记录。退出登录会删除令牌和账号名。我们不使用广告或跟踪类 Cookie。',
  'mine.privacy.logs.h': '服务器日志',
  'mine.privacy.logs.p':
    '为保障服务运行和排查故障，服务器会记录每个请求的时间、地址、路径和结果。密码和会话令牌绝不会写入日志。',
  'mine.privacy.sharing.h': '共享与删除',
  'mine.privacy.sharing.p':
    '我们不会向第三方出售或提供您的数据，也不使用第三方统计分析。如需删除账户及其数据，请联系客服。',
  'mine.protocol.title': '用户协议',
  'mine.protocol.service.h': '第一条 服务',
  'mine.protocol.service.p':
    '本协议适用于您对演示版证券应用“Kabu 移动”（以下简称“本服务”）的使用。注册即表示您同意本协议。',
  'mine.protocol.simulated.h': '第二条 模拟行情与真实资金',
  'mine.protocol.simulated.p':
    '本服务中的所有行情数据均由模拟器生成。本服务中的委托、余额、充值和提现均为演示记录，不构成证券交易，也不产生对真实资金或真实证券的任何权利。',
  'mine.protocol.account.h': '第三条 账户',
  'mine.protocol.account.p':
    '注册需要邀请码。请妥善保管您的密码：使用您的账号和密码进行的一切操作均视为您本人的操作。如怀疑他人使用了您的账户，请立即联系客服。',
  'mine.protocol.conduct.h': '第四条 禁止行为',
  'mine.protocol.conduct.p':
    '禁止攻击本服务、对其施加过度负载或绕过其安全措施，禁止使用他人账户，禁止将本服务用于任何违法目的。',
  'mine.protocol.suspension.h': '第五条 暂停使用',
  'mine.protocol.suspension.p':
    '如违反本协议，账户可能被禁止交易、冻结或禁止登录。届时您在使用时会收到提示，客服会说明原因。',
  'mine.protocol.advice.h': '第六条 非投资建议',
  'mine.protocol.advice.p':
    '本服务中的任何内容均不构成投资建议，也不构成买卖任何证券的推荐。真实投资存在亏损本金的风险。',
  'mine.protocol.changes.h': '第七条 协议变更',
  'mine.protocol.changes.p':
    '本协议可能随服务的完善而变更，最新版本始终显示在本页面。变更后继续使用本服务即表示您接受变更。',
} satisfies Record<string, string>
