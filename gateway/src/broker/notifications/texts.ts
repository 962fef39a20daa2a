import type { NotifyKind, NotifyLang } from '@kabu/shared/api/notifications'

/**
 * Every notification's words, the three languages side by side (issue 37): the push payload is
 * written from here in the device's language, and the inbox in the language the app asks for.
 * A topic is what happened; its kind is the setting that switches it. `texts.test.ts` renders
 * every topic in every language.
 */
export type Params = Readonly<Record<string, string>>
type Text = { title: string; body: string }
type Words = Record<NotifyLang, (p: Params) => Text>

const SIDE: Record<string, Record<NotifyLang, string>> = {
  buy: { ja: '買', 'zh-CN': '买入', en: 'Buy' },
  sell: { ja: '売', 'zh-CN': '卖出', en: 'Sell' },
}
const side = (lang: NotifyLang, p: Params) => SIDE[p.side ?? '']?.[lang] ?? ''

const REVIEWED: Record<string, Record<NotifyLang, string>> = {
  loan: { ja: '融資の申込', 'zh-CN': '贷款申请', en: 'Your loan request' },
  block: { ja: '立会外分売の申込', 'zh-CN': '大宗交易申请', en: 'Your block trade request' },
  credit: { ja: '信用取引の保証金', 'zh-CN': '信用交易保证金', en: 'Your margin funds' },
  daytrade: { ja: 'デイトレードの申込', 'zh-CN': '日内交易申请', en: 'Your day-trading request' },
  deposit: { ja: '入金', 'zh-CN': '充值', en: 'Your deposit' },
  withdraw: { ja: '出金', 'zh-CN': '提现', en: 'Your withdrawal' },
  kyc: { ja: '本人確認', 'zh-CN': '实名认证', en: 'Your identity verification' },
}
const reviewed = (lang: NotifyLang, p: Params) => REVIEWED[p.what ?? '']?.[lang] ?? ''

const ALERT: Record<string, Record<NotifyLang, string>> = {
  price_above: { ja: '株価が上回りました', 'zh-CN': '股价高于', en: 'price above' },
  price_below: { ja: '株価が下回りました', 'zh-CN': '股价低于', en: 'price below' },
  change_pct_up: { ja: '上昇率に達しました', 'zh-CN': '涨幅达到', en: 'up by %' },
  change_pct_down: { ja: '下落率に達しました', 'zh-CN': '跌幅达到', en: 'down by %' },
  volume_above: { ja: '出来高が上回りました', 'zh-CN': '成交量高于', en: 'volume above' },
}
const alert = (lang: NotifyLang, p: Params) => ALERT[p.kind ?? '']?.[lang] ?? p.kind ?? ''

export const TOPICS = {
  order_filled: {
    kind: 'fills',
    ja: (p) => ({
      title: '約定しました',
      body: `${p.code} ${side('ja', p)} ${p.num}株 @${p.price}`,
    }),
    'zh-CN': (p) => ({
      title: '订单已成交',
      body: `${p.code} ${side('zh-CN', p)} ${p.num}股 @${p.price}`,
    }),
    en: (p) => ({
      title: 'Order filled',
      body: `${p.code} ${side('en', p)} ${p.num} @ ${p.price}`,
    }),
  },
  order_partial: {
    kind: 'fills',
    ja: (p) => ({
      title: '一部約定しました',
      body: `${p.code} ${side('ja', p)} ${p.filled}/${p.num}株 @${p.price}`,
    }),
    'zh-CN': (p) => ({
      title: '订单部分成交',
      body: `${p.code} ${side('zh-CN', p)} ${p.filled}/${p.num}股 @${p.price}`,
    }),
    en: (p) => ({
      title: 'Order partly filled',
      body: `${p.code} ${side('en', p)} ${p.filled} of ${p.num} @ ${p.price}`,
    }),
  },
  order_expired: {
    kind: 'fills',
    ja: (p) => ({ title: '注文が失効しました', body: `${p.code} ${side('ja', p)} ${p.num}株` }),
    'zh-CN': (p) => ({ title: '订单已失效', body: `${p.code} ${side('zh-CN', p)} ${p.num}股` }),
    en: (p) => ({ title: 'Order lapsed', body: `${p.code} ${side('en', p)} ${p.num}` }),
  },
  stop_fired: {
    kind: 'fills',
    ja: (p) => ({
      title: '逆指値が発動しました',
      body: `${p.code} ${side('ja', p)} ${p.num}株（発注済み）`,
    }),
    'zh-CN': (p) => ({
      title: '止损单已触发',
      body: `${p.code} ${side('zh-CN', p)} ${p.num}股（已委托）`,
    }),
    en: (p) => ({
      title: 'Stop order triggered',
      body: `${p.code} ${side('en', p)} ${p.num}, now working`,
    }),
  },
  alert_triggered: {
    kind: 'alerts',
    ja: (p) => ({
      title: `${p.code} ${alert('ja', p)}`,
      body: `設定 ${p.value}／現在 ${p.price}`,
    }),
    'zh-CN': (p) => ({
      title: `${p.code} ${alert('zh-CN', p)} ${p.value}`,
      body: `当前 ${p.price}`,
    }),
    en: (p) => ({ title: `${p.code} ${alert('en', p)} ${p.value}`, body: `Now ${p.price}` }),
  },
  ipo_won: {
    kind: 'ipo',
    ja: (p) => ({ title: '新規公開株に当選しました', body: `${p.code} ${p.num}株` }),
    'zh-CN': (p) => ({ title: '新股中签', body: `${p.code} ${p.num}股` }),
    en: (p) => ({ title: 'You won new shares', body: `${p.code}: ${p.num} shares` }),
  },
  ipo_payment_due: {
    kind: 'ipo',
    ja: (p) => ({
      title: '当選しました：購入のお手続きを',
      body: `${p.code} ${p.num}株、期限までにお支払いください`,
    }),
    'zh-CN': (p) => ({ title: '新股中签，请缴款', body: `${p.code} ${p.num}股，请在截止前缴款` }),
    en: (p) => ({
      title: 'You won new shares: payment due',
      body: `${p.code}: ${p.num} shares, pay before the deadline`,
    }),
  },
  ipo_lost: {
    kind: 'ipo',
    ja: (p) => ({ title: '抽選結果：落選', body: `${p.code} の抽選に外れました` }),
    'zh-CN': (p) => ({ title: '新股未中签', body: `${p.code} 未中签` }),
    en: (p) => ({ title: 'New shares: not drawn', body: `${p.code}: your application lost` }),
  },
  ipo_lapsed: {
    kind: 'ipo',
    ja: (p) => ({
      title: '当選株が失効しました',
      body: `${p.code}：期限までにお支払いがありませんでした`,
    }),
    'zh-CN': (p) => ({ title: '中签股份已失效', body: `${p.code}：未在截止前缴款` }),
    en: (p) => ({ title: 'Won shares lapsed', body: `${p.code}: not paid by the deadline` }),
  },
  ipo_withdrawn: {
    kind: 'ipo',
    ja: (p) => ({ title: '上場が中止されました', body: `${p.code}：申込金は返金されました` }),
    'zh-CN': (p) => ({ title: '新股发行已取消', body: `${p.code}：申购款已退还` }),
    en: (p) => ({ title: 'Listing withdrawn', body: `${p.code}: your money was returned` }),
  },
  margin_call: {
    kind: 'margin',
    ja: (p) => ({
      title: '追証が発生しました',
      body: `${p.code} 必要額 ${p.amount} 期限 ${p.deadline}`,
    }),
    'zh-CN': (p) => ({
      title: '追加保证金通知',
      body: `${p.code} 需补 ${p.amount}，截止 ${p.deadline}`,
    }),
    en: (p) => ({
      title: 'Margin call',
      body: `${p.code}: ${p.amount} due by ${p.deadline}`,
    }),
  },
  margin_liquidated: {
    kind: 'margin',
    ja: (p) => ({ title: '建玉が強制決済されました', body: `${p.code}：追証の期限を過ぎました` }),
    'zh-CN': (p) => ({ title: '仓位已被强制平仓', body: `${p.code}：追加保证金已逾期` }),
    en: (p) => ({ title: 'Position liquidated', body: `${p.code}: the margin call expired` }),
  },
  dividend_paid: {
    kind: 'dividends',
    ja: (p) => ({
      title: '配当金が入金されました',
      body: `${p.code} ${p.net} ${p.currency}（税引後）`,
    }),
    'zh-CN': (p) => ({ title: '股息已到账', body: `${p.code} ${p.net} ${p.currency}（税后）` }),
    en: (p) => ({ title: 'Dividend paid', body: `${p.code}: ${p.net} ${p.currency} after tax` }),
  },
  review_decided: {
    kind: 'messages',
    ja: (p) => ({
      title: p.verdict === 'approved' ? '承認されました' : '否認されました',
      body: `${reviewed('ja', p)}の審査が終わりました`,
    }),
    'zh-CN': (p) => ({
      title: p.verdict === 'approved' ? '审核通过' : '审核未通过',
      body: `${reviewed('zh-CN', p)}审核已完成`,
    }),
    en: (p) => ({
      title: p.verdict === 'approved' ? 'Approved' : 'Declined',
      body: `${reviewed('en', p)} has been reviewed`,
    }),
  },
  message_new: {
    kind: 'messages',
    ja: (p) => ({ title: 'お知らせ', body: p.title ?? '' }),
    'zh-CN': (p) => ({ title: '站内消息', body: p.title ?? '' }),
    en: (p) => ({ title: 'New message', body: p.title ?? '' }),
  },
  support_reply: {
    kind: 'messages',
    ja: (p) => ({ title: 'カスタマーサービスから返信', body: p.text ?? '' }),
    'zh-CN': (p) => ({ title: '客服已回复', body: p.text ?? '' }),
    en: (p) => ({ title: 'Customer service replied', body: p.text ?? '' }),
  },
} as const satisfies Record<string, Words & { kind: NotifyKind }>

export type Topic = keyof typeof TOPICS

export const isTopic = (name: string): name is Topic => Object.hasOwn(TOPICS, name)

/** A topic's words in one language; a stored topic this build no longer has reads as empty. */
export function render(topic: string, params: Params, lang: NotifyLang): Text {
  return isTopic(topic) ? TOPICS[topic][lang](params) : { title: '', body: '' }
}
