import type { Listing } from '../types'
import { stockFromRow, type StockRow } from './build'

/**
 * Tokyo Stock Exchange stocks. Shares are issued shares after the 2023–2026 splits (NTT 25:1,
 * Fast Retailing 3:1, SoftBank Group 4:1 …); base prices sit near their recent levels.
 */
// A table reads best one row per line, even past the usual width.
// prettier-ignore
const ROWS: readonly StockRow[] = [
  ['7203', 'トヨタ自動車', '丰田汽车', 'Toyota Motor', 'auto', 15_795, 2_900, 0.28],
  ['6758', 'ソニーグループ', '索尼集团', 'Sony Group', 'tech', 6_150, 4_200, 0.3],
  ['9984', 'ソフトバンクグループ', '软银集团', 'SoftBank Group', 'tech', 5_880, 4_500, 0.45],
  ['8306', '三菱UFJフィナンシャル・グループ', '三菱日联金融集团', 'Mitsubishi UFJ Financial Group', 'finance', 12_000, 2_300, 0.3],
  ['6861', 'キーエンス', '基恩士', 'Keyence', 'tech', 243, 57_000, 0.28],
  ['8035', '東京エレクトロン', '东京电子', 'Tokyo Electron', 'semiconductors', 472, 30_000, 0.45],
  ['9983', 'ファーストリテイリング', '迅销', 'Fast Retailing', 'consumer', 318, 52_000, 0.3],
  ['6098', 'リクルートホールディングス', '瑞可利控股', 'Recruit Holdings', 'tech', 1_600, 9_000, 0.35],
  ['4063', '信越化学工業', '信越化学工业', 'Shin-Etsu Chemical', 'materials', 2_000, 4_800, 0.3],
  ['6501', '日立製作所', '日立制作所', 'Hitachi', 'industrial', 4_580, 4_300, 0.32],
  ['7974', '任天堂', '任天堂', 'Nintendo', 'tech', 1_299, 12_000, 0.33],
  ['8058', '三菱商事', '三菱商事', 'Mitsubishi Corporation', 'industrial', 4_180, 3_300, 0.28],
  ['8031', '三井物産', '三井物产', 'Mitsui & Co.', 'industrial', 2_900, 3_500, 0.28],
  ['4502', '武田薬品工業', '武田药品工业', 'Takeda Pharmaceutical', 'health', 1_590, 4_300, 0.22],
  ['9432', 'NTT', '日本电信电话', 'NTT', 'telecom', 90_600, 155, 0.2],
  ['9433', 'KDDI', 'KDDI', 'KDDI', 'telecom', 4_600, 2_500, 0.2],
  ['8316', '三井住友フィナンシャルグループ', '三井住友金融集团', 'Sumitomo Mitsui Financial Group', 'finance', 3_900, 4_000, 0.3],
  ['8411', 'みずほフィナンシャルグループ', '瑞穗金融集团', 'Mizuho Financial Group', 'finance', 2_540, 4_500, 0.3],
  ['7267', '本田技研工業', '本田技研工业', 'Honda Motor', 'auto', 5_280, 1_550, 0.28],
  ['6902', 'デンソー', '电装', 'Denso', 'auto', 2_950, 2_000, 0.28],
  ['6367', 'ダイキン工業', '大金工业', 'Daikin Industries', 'industrial', 293, 18_000, 0.28],
  ['4568', '第一三共', '第一三共', 'Daiichi Sankyo', 'health', 1_920, 3_500, 0.32],
  ['6954', 'ファナック', '发那科', 'FANUC', 'industrial', 1_000, 4_300, 0.3],
  ['6981', '村田製作所', '村田制作所', 'Murata Manufacturing', 'tech', 1_970, 3_000, 0.3],
  ['6752', 'パナソニック ホールディングス', '松下控股', 'Panasonic Holdings', 'tech', 2_450, 1_600, 0.3],
  ['4661', 'オリエンタルランド', '东方乐园', 'Oriental Land', 'consumer', 1_820, 3_300, 0.25],
  ['2914', '日本たばこ産業', '日本烟草产业', 'Japan Tobacco', 'consumer', 2_000, 4_800, 0.18],
  ['5108', 'ブリヂストン', '普利司通', 'Bridgestone', 'auto', 685, 6_500, 0.25],
  ['9020', '東日本旅客鉄道', '东日本旅客铁道', 'East Japan Railway', 'transport', 1_130, 3_300, 0.2],
  ['8801', '三井不動産', '三井不动产', 'Mitsui Fudosan', 'realestate', 2_780, 1_500, 0.28],
  ['9501', '東京電力ホールディングス', '东京电力控股', 'Tokyo Electric Power Company Holdings', 'utilities', 1_600, 600, 0.4],
  ['5020', 'ENEOSホールディングス', 'ENEOS控股', 'ENEOS Holdings', 'energy', 2_700, 900, 0.28],
  ['8766', '東京海上ホールディングス', '东京海上控股', 'Tokio Marine Holdings', 'finance', 1_950, 5_500, 0.28],
  ['7741', 'HOYA', '豪雅', 'HOYA', 'health', 345, 21_000, 0.28],
  ['6273', 'SMC', 'SMC', 'SMC', 'industrial', 64, 50_000, 0.3],
  ['7011', '三菱重工業', '三菱重工业', 'Mitsubishi Heavy Industries', 'industrial', 3_370, 3_800, 0.4],
  ['6857', 'アドバンテスト', '爱德万测试', 'Advantest', 'semiconductors', 730, 15_000, 0.5],
  ['4519', '中外製薬', '中外制药', 'Chugai Pharmaceutical', 'health', 1_680, 7_000, 0.28],
  // Growth-market stocks: outside TOPIX, so they trade on the standard tick table.
  ['4478', 'フリー', 'freee', 'freee', 'tech', 59, 3_500, 0.5],
  ['9348', 'ispace', 'ispace', 'ispace', 'industrial', 105, 700, 0.7],
  ['4475', 'HENNGE', 'HENNGE', 'HENNGE', 'tech', 32, 1_400, 0.45],
]

/** Growth-market listings; every other stock here is a TOPIX500 (TOPIX100 + Mid400) member. */
const OUTSIDE_TOPIX500 = new Set(['4478', '9348', '4475'])

export const JP_STOCKS: readonly Listing[] = ROWS.map((row) => {
  const listing = stockFromRow('jp', row)
  return { ...listing, topix500: !OUTSIDE_TOPIX500.has(listing.code) }
})
