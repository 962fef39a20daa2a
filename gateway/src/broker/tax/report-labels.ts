import type { TaxKind } from '@kabu/shared/tax/tax-kind'

/** The printable annual report's languages: the app's three. */
export const REPORT_LANGS = ['ja', 'zh-CN', 'en'] as const
export type ReportLang = (typeof REPORT_LANGS)[number]

/** The page's words in each language (the CSV keeps the wire's column names). */
export interface ReportLabels {
  title: string
  year: string
  account: string
  holder: string
  kinds: Record<TaxKind, string>
  sales: string
  dividends: string
  tax: string
  date: string
  code: string
  name: string
  shares: string
  proceeds: string
  fees: string
  cost: string
  gain: string
  gross: string
  foreign: string
  national: string
  local: string
  net: string
  total: string
  withheld: string
  refunded: string
  none: string
  note: string
}

export const REPORT_LABELS: Record<ReportLang, ReportLabels> = {
  ja: {
    title: '特定口座年間取引報告書',
    year: '対象年',
    account: '口座区分',
    holder: 'お客様',
    kinds: {
      tokutei_withholding: '特定口座（源泉徴収あり）',
      tokutei: '特定口座（源泉徴収なし）',
      ippan: '一般口座',
    },
    sales: '譲渡の対価の額等',
    dividends: '配当等の額及び源泉徴収税額等',
    tax: '源泉徴収税額',
    date: '日付',
    code: 'コード',
    name: '銘柄',
    shares: '数量',
    proceeds: '譲渡対価',
    fees: '手数料等',
    cost: '取得費',
    gain: '損益',
    gross: '配当等の額',
    foreign: '外国税',
    national: '所得税・復興特別所得税',
    local: '住民税',
    net: '受取額',
    total: '合計',
    withheld: '徴収',
    refunded: '還付',
    none: '該当なし',
    note: '取得費は移動平均法（総平均法に準ずる方法）によります。金額は円です。外国株式は約定時の仲値で円換算し、源泉徴収はその通貨で（最小単位に切り上げて）行い、還付は円で行います。',
  },
  'zh-CN': {
    title: '特定账户年度交易报告书',
    year: '年度',
    account: '账户类型',
    holder: '客户',
    kinds: {
      tokutei_withholding: '特定账户（代扣代缴）',
      tokutei: '特定账户（不代扣）',
      ippan: '一般账户',
    },
    sales: '卖出',
    dividends: '股息及代扣税额',
    tax: '代扣税额',
    date: '日期',
    code: '代码',
    name: '名称',
    shares: '数量',
    proceeds: '卖出金额',
    fees: '手续费等',
    cost: '取得成本',
    gain: '盈亏',
    gross: '股息总额',
    foreign: '境外税',
    national: '所得税及复兴特别所得税',
    local: '住民税',
    net: '实收',
    total: '合计',
    withheld: '代扣',
    refunded: '退还',
    none: '无',
    note: '取得成本按移动平均法计算。金额单位：日元。外国股票按成交时的中间汇率折算为日元；预扣税以该币种收取（向上取整至最小单位），退税以日元支付。',
  },
  en: {
    title: 'Annual trade report (specified account)',
    year: 'Year',
    account: 'Account',
    holder: 'Holder',
    kinds: {
      tokutei_withholding: 'Specified account, tax withheld',
      tokutei: 'Specified account, no withholding',
      ippan: 'General account',
    },
    sales: 'Sales',
    dividends: 'Dividends and tax withheld',
    tax: 'Tax withheld',
    date: 'Date',
    code: 'Code',
    name: 'Name',
    shares: 'Shares',
    proceeds: 'Proceeds',
    fees: 'Fees',
    cost: 'Cost',
    gain: 'Gain',
    gross: 'Gross',
    foreign: 'Foreign tax',
    national: 'National tax',
    local: 'Local tax',
    net: 'Received',
    total: 'Total',
    withheld: 'Withheld',
    refunded: 'Refunded',
    none: 'None',
    note: 'Cost by the moving average of purchases. Amounts in yen. A foreign stock converts at the mid rate of each trade; its tax is withheld in its own currency (rounded up to the cent) and refunded in yen.',
  },
}
