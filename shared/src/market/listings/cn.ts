import type { Listing } from '../types'
import { stockFromRow, type StockRow } from './build'

/**
 * The board follows from the code range: SSE STAR Market 688xxx/689xxx, SZSE ChiNext 300xxx/301xxx,
 * everything else here is a main board (SSE 60xxxx, SZSE 000xxx/001xxx/002xxx/003xxx).
 *
 * @example boardOfCode('688981') // 'star'
 */
export function boardOfCode(code: string): NonNullable<Listing['board']> {
  if (/^68[89]\d{3}$/.test(code)) return 'star'
  if (/^30[01]\d{3}$/.test(code)) return 'chinext'
  return 'main'
}

/**
 * Shanghai and Shenzhen A-shares. Share counts are total shares (A and H) so that market value
 * matches what Chinese quote screens show; base prices in CNY near recent levels.
 */
// A table reads best one row per line, even past the usual width.
// prettier-ignore
const ROWS: readonly StockRow[] = [
  ['600519', '貴州茅台酒', '贵州茅台', 'Kweichow Moutai', 'consumer', 1_256, 1_450, 0.25],
  ['000001', '平安銀行', '平安银行', 'Ping An Bank', 'finance', 19_406, 11.5, 0.22],
  ['601318', '中国平安保険', '中国平安', 'Ping An Insurance', 'finance', 18_210, 57, 0.28],
  ['600036', '招商銀行', '招商银行', 'China Merchants Bank', 'finance', 25_220, 42, 0.24],
  ['601398', '中国工商銀行', '工商银行', 'Industrial and Commercial Bank of China', 'finance', 356_406, 7.5, 0.16],
  ['601288', '中国農業銀行', '农业银行', 'Agricultural Bank of China', 'finance', 349_983, 6.5, 0.18],
  ['601939', '中国建設銀行', '建设银行', 'China Construction Bank', 'finance', 250_011, 9.3, 0.18],
  ['601988', '中国銀行', '中国银行', 'Bank of China', 'finance', 294_388, 5.6, 0.16],
  ['601166', '興業銀行', '兴业银行', 'Industrial Bank', 'finance', 20_774, 22, 0.22],
  ['600030', '中信証券', '中信证券', 'CITIC Securities', 'finance', 14_821, 28, 0.35],
  ['300059', '東方財富', '东方财富', 'East Money Information', 'finance', 15_800, 25, 0.45],
  ['600900', '長江電力', '长江电力', 'China Yangtze Power', 'utilities', 24_468, 28, 0.16],
  ['300750', '寧徳時代', '宁德时代', 'Contemporary Amperex Technology (CATL)', 'industrial', 4_560, 380, 0.4],
  ['300124', '匯川技術', '汇川技术', 'Shenzhen Inovance Technology', 'industrial', 2_690, 70, 0.35],
  ['002594', '比亜迪', '比亚迪', 'BYD', 'auto', 9_117, 100, 0.38],
  ['600104', '上海汽車集団', '上汽集团', 'SAIC Motor', 'auto', 11_575, 17, 0.26],
  ['000858', '五糧液', '五粮液', 'Wuliangye Yibin', 'consumer', 3_882, 120, 0.28],
  ['000333', '美的集団', '美的集团', 'Midea Group', 'consumer', 7_600, 75, 0.26],
  ['000651', '格力電器', '格力电器', 'Gree Electric Appliances', 'consumer', 5_600, 40, 0.24],
  ['600887', '伊利実業', '伊利股份', 'Inner Mongolia Yili Industrial', 'consumer', 6_330, 28, 0.24],
  ['601888', '中国中免', '中国中免', 'China Tourism Group Duty Free', 'consumer', 2_069, 70, 0.4],
  ['600276', '恒瑞医薬', '恒瑞医药', 'Jiangsu Hengrui Pharmaceuticals', 'health', 6_640, 60, 0.35],
  ['300760', '邁瑞医療', '迈瑞医疗', 'Shenzhen Mindray Bio-Medical Electronics', 'health', 1_212, 230, 0.3],
  ['601012', '隆基緑能', '隆基绿能', 'LONGi Green Energy Technology', 'energy', 7_578, 19, 0.45],
  ['601857', '中国石油天然気', '中国石油', 'PetroChina', 'energy', 183_021, 9, 0.2],
  ['600028', '中国石油化工', '中国石化', 'Sinopec', 'energy', 121_074, 5.8, 0.18],
  ['601899', '紫金鉱業', '紫金矿业', 'Zijin Mining', 'materials', 26_578, 30, 0.38],
  ['600309', '万華化学', '万华化学', 'Wanhua Chemical', 'materials', 3_140, 65, 0.32],
  ['002415', '海康威視', '海康威视', 'Hikvision', 'tech', 9_231, 30, 0.32],
  ['002475', '立訊精密', '立讯精密', 'Luxshare Precision', 'tech', 7_273, 60, 0.4],
  ['688111', '金山オフィス', '金山办公', 'Kingsoft Office', 'tech', 463, 300, 0.45],
  ['688981', '中芯国際', '中芯国际', 'SMIC', 'semiconductors', 7_990, 120, 0.55],
  ['688041', '海光信息', '海光信息', 'Hygon Information Technology', 'semiconductors', 2_324, 220, 0.6],
  ['688256', '寒武紀', '寒武纪', 'Cambricon Technologies', 'semiconductors', 418, 1_300, 0.7],
  ['600941', '中国移動', '中国移动', 'China Mobile', 'telecom', 21_510, 105, 0.2],
  ['601728', '中国電信', '中国电信', 'China Telecom', 'telecom', 91_510, 7, 0.24],
  ['600048', '保利発展', '保利发展', 'Poly Developments and Holdings', 'realestate', 11_970, 7, 0.35],
  ['601006', '大秦鉄路', '大秦铁路', 'Daqin Railway', 'transport', 20_130, 5.6, 0.16],
  ['601111', '中国国際航空', '中国国航', 'Air China', 'transport', 17_449, 7.5, 0.3],
]

export const CN_STOCKS: readonly Listing[] = ROWS.map((row) => {
  const listing = stockFromRow('cn', row)
  return { ...listing, board: boardOfCode(listing.code) }
})
