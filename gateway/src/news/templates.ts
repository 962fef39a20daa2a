import type { LocalText } from '@kabu/shared/api/news'
import type { CorporateAction, LocalName, Market } from '@kabu/shared/market/types'

/**
 * The three-language texts of generated articles. They are rendered here, once, and stored as
 * text: an article then reads the same tomorrow as today, whatever the client's catalogue becomes,
 * and an operator's article (free text in three languages) has the very same shape.
 */

export interface Texts {
  title: LocalText
  summary: LocalText
  body: LocalText
}

/** What a price event needs to be told (numbers as the quote had them). */
export interface MoveFacts {
  code: string
  name: LocalName
  price: number
  prevClose: number
  changePct: number
  open: number
  high: number
  low: number
  volume: number
}

// The same grouping (1,234.5) reads naturally in all three languages.
const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 })
const fmt = (value: number) => number.format(value)
const pct = (value: number) => Math.abs(value).toFixed(2)
const signedPct = (value: number) => `${value >= 0 ? '+' : '−'}${pct(value)}`

const CURRENCY: Record<Market, LocalText> = {
  jp: { ja: '円', zh: '日元', en: 'JPY' },
  us: { ja: 'ドル', zh: '美元', en: 'USD' },
  cn: { ja: '人民元', zh: '元', en: 'CNY' },
}

export const SIMULATED_NOTE: LocalText = {
  ja: 'この記事はシミュレーションの市場データから自動生成されたもので、実際の相場ではありません。',
  zh: '本文根据模拟行情数据自动生成，并非真实市场行情。',
  en: 'This article was generated automatically from simulated market data; it is not a real market report.',
}

const paragraphs = (...parts: string[]) => parts.join('\n\n')

function dayFigures(f: MoveFacts): LocalText {
  const [o, h, l, v] = [fmt(f.open), fmt(f.high), fmt(f.low), fmt(f.volume)]
  return {
    ja: `始値 ${o}、高値 ${h}、安値 ${l}、出来高 ${v} 株。`,
    zh: `开盘 ${o}，最高 ${h}，最低 ${l}，成交量 ${v} 股。`,
    en: `Open ${o}, high ${h}, low ${l}, volume ${v} shares.`,
  }
}

/** Adds the day's figures and the "simulated" note under a summary. */
function withBody(title: LocalText, summary: LocalText, facts: LocalText): Texts {
  const body = (lang: keyof LocalText) =>
    paragraphs(summary[lang], facts[lang], SIMULATED_NOTE[lang])
  return { title, summary, body: { ja: body('ja'), zh: body('zh'), en: body('en') } }
}

export function bigMoveTexts(f: MoveFacts): Texts {
  const up = f.changePct >= 0
  const [p, price, prev] = [pct(f.changePct), fmt(f.price), fmt(f.prevClose)]
  const title = {
    ja: `${f.name.ja}(${f.code})が${p}%${up ? '上昇' : '下落'}`,
    zh: `${f.name.zh}(${f.code})${up ? '大涨' : '大跌'}${p}%`,
    en: `${f.name.en} (${f.code}) ${up ? 'up' : 'down'} ${p}%`,
  }
  const summary = {
    ja: `${f.name.ja}は前日終値 ${prev} に対して ${price} で推移し、日中の値動きが大きくなっています。`,
    zh: `${f.name.zh}报 ${price}，昨收 ${prev}，盘中波动明显加大。`,
    en: `${f.name.en} is trading at ${price} against a previous close of ${prev}, an unusually large move for one session.`,
  }
  return withBody(title, summary, dayFigures(f))
}

export function limitTexts(f: MoveFacts, side: 'up' | 'down'): Texts {
  const up = side === 'up'
  const [price, change] = [fmt(f.price), signedPct(f.changePct)]
  const title = {
    ja: `${f.name.ja}(${f.code})が${up ? 'ストップ高' : 'ストップ安'}`,
    zh: `${f.name.zh}(${f.code})${up ? '涨停' : '跌停'}`,
    en: `${f.name.en} (${f.code}) hits limit ${side}`,
  }
  const summary = {
    ja: `${f.name.ja}は値幅制限の${up ? '上限' : '下限'} ${price} に達しました(前日比 ${change}%)。`,
    zh: `${f.name.zh}触及${up ? '涨停价' : '跌停价'} ${price}（较昨收 ${change}%）。`,
    en: `${f.name.en} reached its daily ${up ? 'upper' : 'lower'} price limit of ${price} (${change}% on the previous close).`,
  }
  return withBody(title, summary, dayFigures(f))
}

export function indexMoveTexts(f: MoveFacts): Texts {
  const up = f.changePct >= 0
  const [p, level, points] = [pct(f.changePct), fmt(f.price), fmt(Math.abs(f.price - f.prevClose))]
  const title = {
    ja: `${f.name.ja}が${p}%${up ? '上昇' : '下落'}`,
    zh: `${f.name.zh}${up ? '上涨' : '下跌'}${p}%`,
    en: `${f.name.en} ${up ? 'rises' : 'falls'} ${p}%`,
  }
  const summary = {
    ja: `${f.name.ja}は前日比 ${points} ポイント${up ? '高' : '安'}の ${level} で推移しています。`,
    zh: `${f.name.zh}报 ${level} 点，较昨收${up ? '上涨' : '下跌'} ${points} 点。`,
    en: `${f.name.en} stands at ${level}, ${points} points ${up ? 'above' : 'below'} the previous close.`,
  }
  const facts = {
    ja: `始値 ${fmt(f.open)}、高値 ${fmt(f.high)}、安値 ${fmt(f.low)}。`,
    zh: `开盘 ${fmt(f.open)}，最高 ${fmt(f.high)}，最低 ${fmt(f.low)}。`,
    en: `Open ${fmt(f.open)}, high ${fmt(f.high)}, low ${fmt(f.low)}.`,
  }
  return withBody(title, summary, facts)
}

export function corporateTexts(
  action: CorporateAction,
  name: LocalName,
  market: Market,
): Texts | null {
  const { code, date } = action
  if (action.kind === 'split' && action.ratio) {
    const r = fmt(action.ratio)
    const title = {
      ja: `${name.ja}(${code})、1株を${r}株に分割`,
      zh: `${name.zh}(${code})实施1拆${r}股票拆分`,
      en: `${name.en} (${code}) ${r}-for-1 stock split`,
    }
    const summary = {
      ja: `${name.ja}は普通株式1株につき${r}株の割合で株式分割を行います。権利落ち日は${date}です。`,
      zh: `${name.zh}按每1股拆分为${r}股实施股票拆分，除权日为${date}。`,
      en: `${name.en} splits each share into ${r}; the shares trade ex-split from ${date}.`,
    }
    const facts = {
      ja: `権利落ち日以前の株価は、調整後チャートでは${r}分の1で表示されます。`,
      zh: `在复权图表中，除权日之前的股价按${r}分之一显示。`,
      en: `On adjusted charts, prices before the ex-date are shown divided by ${r}.`,
    }
    return withBody(title, summary, facts)
  }
  if (action.kind === 'dividend' && action.cash) {
    const cash = fmt(action.cash)
    const c = CURRENCY[market]
    const title = {
      ja: `${name.ja}(${code})、1株当たり${cash}${c.ja}の配当`,
      zh: `${name.zh}(${code})每股派息${cash}${c.zh}`,
      en: `${name.en} (${code}) pays a ${cash} ${c.en} dividend per share`,
    }
    const summary = {
      ja: `${name.ja}は1株当たり${cash}${c.ja}の現金配当を実施します。権利落ち日は${date}です。`,
      zh: `${name.zh}将每股派发现金股利${cash}${c.zh}，除息日为${date}。`,
      en: `${name.en} pays a cash dividend of ${cash} ${c.en} per share; the shares trade ex-dividend from ${date}.`,
    }
    const facts = {
      ja: `権利落ち日には、配当額の分だけ基準価格が引き下げられます。`,
      zh: `除息日当天，参考价将按股利金额相应下调。`,
      en: `On the ex-date the reference price is lowered by the dividend.`,
    }
    return withBody(title, summary, facts)
  }
  return null
}
