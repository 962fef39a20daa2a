import type { Listing } from '../types'
import { stockFromRow, type StockRow } from './build'

/** NYSE and Nasdaq large caps; share counts after the recent splits (NVIDIA 10:1, Netflix 10:1). */
// A table reads best one row per line, even past the usual width.
// prettier-ignore
const ROWS: readonly StockRow[] = [
  ['AAPL', 'アップル', '苹果', 'Apple', 'tech', 14_800, 270, 0.25],
  ['MSFT', 'マイクロソフト', '微软', 'Microsoft', 'tech', 7_430, 500, 0.24],
  ['NVDA', 'エヌビディア', '英伟达', 'NVIDIA', 'semiconductors', 24_300, 185, 0.5],
  ['AMZN', 'アマゾン・ドット・コム', '亚马逊', 'Amazon.com', 'consumer', 10_700, 230, 0.32],
  ['GOOGL', 'アルファベット クラスA', '谷歌-A', 'Alphabet Class A', 'tech', 5_800, 280, 0.3],
  ['META', 'メタ・プラットフォームズ', 'Meta Platforms', 'Meta Platforms', 'tech', 2_520, 620, 0.38],
  ['TSLA', 'テスラ', '特斯拉', 'Tesla', 'auto', 3_320, 420, 0.6],
  ['BRK.B', 'バークシャー・ハサウェイ クラスB', '伯克希尔·哈撒韦-B', 'Berkshire Hathaway Class B', 'finance', 1_380, 490, 0.18],
  ['JPM', 'JPモルガン・チェース', '摩根大通', 'JPMorgan Chase', 'finance', 2_750, 300, 0.25],
  ['V', 'ビザ', 'Visa', 'Visa', 'finance', 1_940, 340, 0.2],
  ['MA', 'マスターカード', '万事达卡', 'Mastercard', 'finance', 900, 560, 0.22],
  ['UNH', 'ユナイテッドヘルス・グループ', '联合健康', 'UnitedHealth Group', 'health', 905, 330, 0.35],
  ['JNJ', 'ジョンソン・エンド・ジョンソン', '强生', 'Johnson & Johnson', 'health', 2_410, 200, 0.18],
  ['LLY', 'イーライリリー', '礼来', 'Eli Lilly', 'health', 946, 950, 0.35],
  ['XOM', 'エクソンモービル', '埃克森美孚', 'Exxon Mobil', 'energy', 4_300, 115, 0.22],
  ['CVX', 'シェブロン', '雪佛龙', 'Chevron', 'energy', 2_000, 150, 0.22],
  ['WMT', 'ウォルマート', '沃尔玛', 'Walmart', 'consumer', 7_970, 105, 0.2],
  ['PG', 'プロクター・アンド・ギャンブル', '宝洁', 'Procter & Gamble', 'consumer', 2_340, 150, 0.16],
  ['KO', 'コカ・コーラ', '可口可乐', 'Coca-Cola', 'consumer', 4_300, 70, 0.15],
  ['PEP', 'ペプシコ', '百事', 'PepsiCo', 'consumer', 1_370, 145, 0.18],
  ['COST', 'コストコ・ホールセール', '好市多', 'Costco Wholesale', 'consumer', 443, 900, 0.22],
  ['HD', 'ホーム・デポ', '家得宝', 'Home Depot', 'consumer', 995, 360, 0.22],
  ['MCD', 'マクドナルド', '麦当劳', "McDonald's", 'consumer', 713, 305, 0.16],
  ['NKE', 'ナイキ', '耐克', 'Nike', 'consumer', 1_480, 65, 0.32],
  ['DIS', 'ウォルト・ディズニー', '迪士尼', 'Walt Disney', 'telecom', 1_800, 110, 0.28],
  ['NFLX', 'ネットフリックス', '奈飞', 'Netflix', 'telecom', 4_240, 110, 0.38],
  ['T', 'AT&T', '美国电话电报', 'AT&T', 'telecom', 7_100, 25, 0.2],
  ['INTC', 'インテル', '英特尔', 'Intel', 'semiconductors', 4_770, 38, 0.5],
  ['AMD', 'アドバンスト・マイクロ・デバイセズ', '超威半导体', 'Advanced Micro Devices', 'semiconductors', 1_620, 240, 0.55],
  ['AVGO', 'ブロードコム', '博通', 'Broadcom', 'semiconductors', 4_700, 350, 0.45],
  ['ORCL', 'オラクル', '甲骨文', 'Oracle', 'tech', 2_840, 220, 0.45],
  ['CRM', 'セールスフォース', '赛富时', 'Salesforce', 'tech', 950, 240, 0.32],
  ['ADBE', 'アドビ', 'Adobe', 'Adobe', 'tech', 420, 330, 0.32],
  ['CSCO', 'シスコシステムズ', '思科', 'Cisco Systems', 'tech', 3_950, 75, 0.22],
  ['BA', 'ボーイング', '波音', 'Boeing', 'industrial', 760, 200, 0.35],
  ['CAT', 'キャタピラー', '卡特彼勒', 'Caterpillar', 'industrial', 470, 550, 0.3],
  ['GS', 'ゴールドマン・サックス', '高盛', 'Goldman Sachs', 'finance', 300, 800, 0.28],
  ['BAC', 'バンク・オブ・アメリカ', '美国银行', 'Bank of America', 'finance', 7_400, 52, 0.26],
  ['PFE', 'ファイザー', '辉瑞', 'Pfizer', 'health', 5_690, 25, 0.22],
  ['NEE', 'ネクステラ・エナジー', '新纪元能源', 'NextEra Energy', 'utilities', 2_060, 82, 0.25],
  ['UPS', 'ユナイテッド・パーセル・サービス', '联合包裹', 'United Parcel Service', 'transport', 850, 95, 0.3],
  ['PLD', 'プロロジス', '安博', 'Prologis', 'realestate', 930, 125, 0.25],
]

export const US_STOCKS: readonly Listing[] = ROWS.map((row) => stockFromRow('us', row))
