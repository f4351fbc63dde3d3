import { BASE_TIME, isoDate, pad, randomGenerator } from './demo-random'
import { PROVINCES } from './provinces'
import { STATION_STATUSES, type StationStatus } from './stations/stations'

/** The station types demo stations use: codes migration 0018 installs. */
type StationType = 'bts' | 'substation' | 'weather' | 'hydrology' | 'pumping'

const TYPE_PREFIX: Record<StationType, string> = {
	bts: 'Trạm BTS',
	substation: 'Trạm biến áp',
	weather: 'Trạm khí tượng',
	hydrology: 'Trạm thủy văn',
	pumping: 'Trạm bơm',
}

const PLACES = [
	'Cầu Giấy',
	'Ba Đình',
	'Hoàn Kiếm',
	'Long Biên',
	'Đống Đa',
	'Tây Hồ',
	'Thanh Xuân',
	'Hà Đông',
	'Tân Bình',
	'Bình Thạnh',
	'Thủ Đức',
	'Gò Vấp',
	'Phú Nhuận',
	'Hải Châu',
	'Sơn Trà',
	'Ngũ Hành Sơn',
	'Ninh Kiều',
	'Cái Răng',
	'Hòa Bình',
	'Tân Phú',
	'An Phú',
	'Phú Mỹ',
	'Đông Hà',
	'Vĩnh Yên',
	'Hạ Long',
	'Cẩm Phả',
	'Móng Cái',
	'Sầm Sơn',
	'Cửa Lò',
	'Bến Thủy',
	'Đồng Hới',
	'Quy Nhơn',
	'Tuy Hòa',
	'Nha Trang',
	'Cam Ranh',
	'Đà Lạt',
	'Bảo Lộc',
	'Buôn Ma Thuột',
	'Pleiku',
	'Kon Tum',
	'Biên Hòa',
	'Long Khánh',
	'Thủ Dầu Một',
	'Dĩ An',
	'Vũng Tàu',
	'Bà Rịa',
	'Mỹ Tho',
	'Bến Tre',
	'Trà Vinh',
	'Sóc Trăng',
	'Bạc Liêu',
	'Rạch Giá',
	'Hà Tiên',
	'Phú Quốc',
	'Châu Đốc',
	'Long Xuyên',
	'Sa Đéc',
	'Cao Lãnh',
	'Tân An',
	'Đức Hòa',
	'Sapa',
	'Mộc Châu',
	'Mường Thanh',
	'Tam Đảo',
	'Hội An',
	'Tam Kỳ',
	'Lăng Cô',
	'Phong Nha',
	'Kỳ Anh',
	'Quỳnh Lưu',
	'Yên Bái',
	'Việt Trì',
	'Phúc Yên',
	'Từ Sơn',
	'Đồ Sơn',
	'Cát Bà',
	'Tam Cốc',
	'Hoa Lư',
	'Phủ Lý',
	'Nam Định',
]

const STREETS = [
	'Lê Lợi',
	'Trần Hưng Đạo',
	'Nguyễn Huệ',
	'Hai Bà Trưng',
	'Lý Thường Kiệt',
	'Điện Biên Phủ',
	'Nguyễn Trãi',
	'Hùng Vương',
	'Quang Trung',
	'Phan Chu Trinh',
	'Lê Duẩn',
	'Võ Thị Sáu',
	'Nguyễn Văn Cừ',
	'Trường Chinh',
	'Lạc Long Quân',
	'Bạch Đằng',
	'Ngô Quyền',
	'Tôn Đức Thắng',
	'Phạm Văn Đồng',
	'Nguyễn Chí Thanh',
]

const NOTES = [
	'Bảo dưỡng định kỳ 6 tháng một lần.',
	'Đường vào hẹp, xe tải không vào được.',
	'Có máy phát điện dự phòng.',
	'Cần kiểm tra hệ thống tiếp địa trước mùa mưa.',
	'Liên hệ bảo vệ trước khi vào trạm.',
]

function provinceAbbreviation(code: string): string {
	const words = code.split('-')
	return words.length === 1 ? code.slice(0, 3).toUpperCase() : words.map((w) => w[0]!.toUpperCase()).join('')
}

export interface DemoStation {
	code: string
	name: string
	type: StationType
	province: string
	address: string
	latitudeE6: number
	longitudeE6: number
	status: StationStatus
	commissionedAt: string | null
	note: string | null
	at: number
}

/** `count` stations, the same for the same count. */
export function* demoStations(count: number): Generator<DemoStation> {
	const random = randomGenerator(20250101)
	const serials = new Map<string, number>()
	for (let i = 1; i <= count; i++) {
		const province = random.pick(PROVINCES)
		const type = random.weighted<StationType>([
			['bts', 45],
			['substation', 25],
			['weather', 10],
			['hydrology', 10],
			['pumping', 10],
		])
		const place = random.pick(PLACES)
		const key = `${type}|${place}`
		const serial = (serials.get(key) ?? 0) + 1
		serials.set(key, serial)
		const status = random.weighted<StationStatus>([
			[STATION_STATUSES[0], 80],
			[STATION_STATUSES[1], 12],
			[STATION_STATUSES[2], 8],
		])
		yield {
			code: `${provinceAbbreviation(province.code)}-${pad(i, 6)}`,
			name: `${TYPE_PREFIX[type]} ${place} ${serial}`,
			type,
			province: province.code,
			address: `Số ${random.int(1, 399)} đường ${random.pick(STREETS)}, ${place}`,
			latitudeE6: Math.round((province.lat + (random.next() - 0.5) * 0.4) * 1e6),
			longitudeE6: Math.round((province.lng + (random.next() - 0.5) * 0.4) * 1e6),
			status,
			commissionedAt: random.next() < 0.9 ? isoDate(random.int(1998, 2024), random.int(1, 12), random.int(1, 28)) : null,
			note: random.next() < 0.15 ? random.pick(NOTES) : null,
			at: BASE_TIME + i * 60_000,
		}
	}
}
