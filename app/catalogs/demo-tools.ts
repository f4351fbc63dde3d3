import { BASE_TIME, isoDate, pad, randomGenerator } from './demo-random'
import type { ToolStatus } from './tools/tools'

/** The tool categories demo tools use: codes migration 0018 installs. */
type ToolCategory = 'measuring' | 'power_tool' | 'hand_tool' | 'safety' | 'telecom' | 'it' | 'vehicle'

interface ToolModel {
	name: string
	category: ToolCategory
	unit: string
	/** Price in đồng. */
	price: number
	serialPrefix: string
	maxQuantity: number
}

const TOOL_MODELS: readonly ToolModel[] = [
	{ name: 'Đồng hồ vạn năng Fluke 17B+', category: 'measuring', unit: 'cái', price: 3_250_000, serialPrefix: 'FLK', maxQuantity: 3 },
	{ name: 'Máy đo điện trở đất Kyoritsu 4105A', category: 'measuring', unit: 'cái', price: 6_900_000, serialPrefix: 'KYO', maxQuantity: 1 },
	{ name: 'Ampe kìm Hioki 3280-10F', category: 'measuring', unit: 'cái', price: 2_150_000, serialPrefix: 'HIO', maxQuantity: 2 },
	{ name: 'Máy đo cách điện Megger MIT420', category: 'measuring', unit: 'cái', price: 28_500_000, serialPrefix: 'MEG', maxQuantity: 1 },
	{
		name: 'Máy đo công suất quang EXFO FPM-300',
		category: 'measuring',
		unit: 'cái',
		price: 12_800_000,
		serialPrefix: 'EXF',
		maxQuantity: 1,
	},
	{ name: 'Máy khoan Bosch GSB 550', category: 'power_tool', unit: 'cái', price: 1_290_000, serialPrefix: 'BSH', maxQuantity: 2 },
	{ name: 'Máy cắt cầm tay Makita M9504B', category: 'power_tool', unit: 'cái', price: 1_150_000, serialPrefix: 'MKT', maxQuantity: 2 },
	{ name: 'Máy phát điện Honda EU22i', category: 'power_tool', unit: 'cái', price: 32_900_000, serialPrefix: 'HND', maxQuantity: 1 },
	{ name: 'Máy mài góc Bosch GWS 060', category: 'power_tool', unit: 'cái', price: 890_000, serialPrefix: 'BSH', maxQuantity: 2 },
	{ name: 'Bộ cờ lê Stanley 14 chi tiết', category: 'hand_tool', unit: 'bộ', price: 1_450_000, serialPrefix: 'STL', maxQuantity: 5 },
	{ name: 'Kìm cắt cáp Knipex 95 12 200', category: 'hand_tool', unit: 'cái', price: 1_780_000, serialPrefix: 'KNP', maxQuantity: 5 },
	{ name: 'Bộ tua vít cách điện Wera 1000V', category: 'hand_tool', unit: 'bộ', price: 1_320_000, serialPrefix: 'WER', maxQuantity: 5 },
	{ name: 'Thang nhôm rút Nikawa 5 m', category: 'hand_tool', unit: 'chiếc', price: 3_600_000, serialPrefix: 'NKW', maxQuantity: 2 },
	{ name: 'Dây an toàn toàn thân Adela', category: 'safety', unit: 'bộ', price: 1_250_000, serialPrefix: 'ADL', maxQuantity: 10 },
	{ name: 'Mũ bảo hộ 3M H-700', category: 'safety', unit: 'cái', price: 320_000, serialPrefix: '3M', maxQuantity: 10 },
	{ name: 'Găng tay cách điện Salisbury 20 kV', category: 'safety', unit: 'đôi', price: 2_450_000, serialPrefix: 'SAL', maxQuantity: 6 },
	{ name: 'Bình chữa cháy CO2 5 kg', category: 'safety', unit: 'bình', price: 850_000, serialPrefix: 'CO2', maxQuantity: 4 },
	{ name: 'Máy hàn cáp quang Sumitomo T-72C', category: 'telecom', unit: 'cái', price: 185_000_000, serialPrefix: 'SUM', maxQuantity: 1 },
	{ name: 'Máy đo OTDR Yokogawa AQ1000', category: 'telecom', unit: 'cái', price: 96_500_000, serialPrefix: 'YKG', maxQuantity: 1 },
	{ name: 'Bộ đàm Motorola XiR P3688', category: 'telecom', unit: 'cái', price: 4_200_000, serialPrefix: 'MOT', maxQuantity: 4 },
	{ name: 'Máy tính xách tay Dell Latitude 5440', category: 'it', unit: 'cái', price: 24_990_000, serialPrefix: 'DEL', maxQuantity: 1 },
	{
		name: 'Máy tính bảng Samsung Galaxy Tab Active4 Pro',
		category: 'it',
		unit: 'cái',
		price: 15_490_000,
		serialPrefix: 'SMG',
		maxQuantity: 1,
	},
	{ name: 'Máy in Canon LBP2900', category: 'it', unit: 'cái', price: 3_890_000, serialPrefix: 'CAN', maxQuantity: 1 },
	{ name: 'Xe bán tải Ford Ranger XLS', category: 'vehicle', unit: 'chiếc', price: 707_000_000, serialPrefix: 'FRD', maxQuantity: 1 },
	{ name: 'Xe máy Honda Wave Alpha', category: 'vehicle', unit: 'chiếc', price: 17_990_000, serialPrefix: 'HND', maxQuantity: 1 },
	{ name: 'Xe nâng người Genie GS-1932', category: 'vehicle', unit: 'chiếc', price: 420_000_000, serialPrefix: 'GEN', maxQuantity: 1 },
]

export interface DemoTool {
	code: string
	name: string
	category: ToolCategory
	serialNumber: string
	/** The position (1-based) of the station in demoStations, or null for a tool in the store. */
	stationIndex: number | null
	status: ToolStatus
	quantity: number
	unit: string
	purchaseDate: string
	valueMinor: number
	note: string | null
	at: number
}

const SERIAL_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/** `count` tools over `stationCount` stations: a few busy stations hold many tools (the dashboard's top 10). */
export function* demoTools(count: number, stationCount: number): Generator<DemoTool> {
	const random = randomGenerator(20250202)
	for (let i = 1; i <= count; i++) {
		const model = random.pick(TOOL_MODELS)
		const assigned = stationCount > 0 && random.next() < 0.85
		// Skewed: squaring a uniform number favours the first stations.
		const stationIndex = assigned ? 1 + Math.floor(random.next() ** 2 * stationCount) : null
		const status = assigned
			? random.weighted<ToolStatus>([
					['in_use', 75],
					['repair', 15],
					['retired', 10],
				])
			: random.weighted<ToolStatus>([
					['in_stock', 85],
					['retired', 15],
				])
		let serial = ''
		for (let k = 0; k < 8; k++) serial += SERIAL_CHARS[random.int(0, SERIAL_CHARS.length - 1)]
		const quantity = random.int(1, model.maxQuantity)
		yield {
			code: `CC-${pad(i, 6)}`,
			name: model.name,
			category: model.category,
			serialNumber: `${model.serialPrefix}-${serial}`,
			stationIndex,
			status,
			quantity,
			unit: model.unit,
			purchaseDate: isoDate(random.int(2015, 2024), random.int(1, 12), random.int(1, 28)),
			// Prices are whole đồng: minor units are exact integers.
			valueMinor: model.price * 100 * quantity,
			note: random.next() < 0.1 ? 'Đã hiệu chuẩn năm 2024.' : null,
			at: BASE_TIME + i * 30_000,
		}
	}
}
