import type { FilterSpec } from '~/lists/list-query'
import { normalizeSearch } from './search-text'

/**
 * Vietnam's 34 provinces and centrally governed cities (since 1 July 2025). Stations store the code;
 * names are proper nouns, shown as they are in every language. `lat`/`lng` is a point in the province
 * (its administrative centre), used by the demo data.
 */
export const PROVINCES = [
	{ code: 'ha-noi', name: 'Hà Nội', lat: 21.0285, lng: 105.8542 },
	{ code: 'hue', name: 'Huế', lat: 16.4637, lng: 107.5909 },
	{ code: 'lai-chau', name: 'Lai Châu', lat: 22.3964, lng: 103.4582 },
	{ code: 'dien-bien', name: 'Điện Biên', lat: 21.386, lng: 103.023 },
	{ code: 'son-la', name: 'Sơn La', lat: 21.327, lng: 103.9141 },
	{ code: 'lang-son', name: 'Lạng Sơn', lat: 21.8537, lng: 106.761 },
	{ code: 'quang-ninh', name: 'Quảng Ninh', lat: 20.9711, lng: 107.0448 },
	{ code: 'thanh-hoa', name: 'Thanh Hóa', lat: 19.8067, lng: 105.7852 },
	{ code: 'nghe-an', name: 'Nghệ An', lat: 18.6796, lng: 105.6813 },
	{ code: 'ha-tinh', name: 'Hà Tĩnh', lat: 18.3559, lng: 105.8877 },
	{ code: 'cao-bang', name: 'Cao Bằng', lat: 22.6657, lng: 106.257 },
	{ code: 'tuyen-quang', name: 'Tuyên Quang', lat: 21.8233, lng: 105.218 },
	{ code: 'lao-cai', name: 'Lào Cai', lat: 22.4856, lng: 103.9707 },
	{ code: 'thai-nguyen', name: 'Thái Nguyên', lat: 21.5942, lng: 105.8482 },
	{ code: 'phu-tho', name: 'Phú Thọ', lat: 21.3227, lng: 105.402 },
	{ code: 'bac-ninh', name: 'Bắc Ninh', lat: 21.1861, lng: 106.0763 },
	{ code: 'hung-yen', name: 'Hưng Yên', lat: 20.6464, lng: 106.0511 },
	{ code: 'hai-phong', name: 'Hải Phòng', lat: 20.8449, lng: 106.6881 },
	{ code: 'ninh-binh', name: 'Ninh Bình', lat: 20.2506, lng: 105.9745 },
	{ code: 'quang-tri', name: 'Quảng Trị', lat: 17.4689, lng: 106.6223 },
	{ code: 'da-nang', name: 'Đà Nẵng', lat: 16.0544, lng: 108.2022 },
	{ code: 'quang-ngai', name: 'Quảng Ngãi', lat: 15.1214, lng: 108.8044 },
	{ code: 'gia-lai', name: 'Gia Lai', lat: 13.7765, lng: 109.2237 },
	{ code: 'khanh-hoa', name: 'Khánh Hòa', lat: 12.2388, lng: 109.1967 },
	{ code: 'lam-dong', name: 'Lâm Đồng', lat: 11.9404, lng: 108.4583 },
	{ code: 'dak-lak', name: 'Đắk Lắk', lat: 12.6667, lng: 108.05 },
	{ code: 'ho-chi-minh', name: 'TP. Hồ Chí Minh', lat: 10.8231, lng: 106.6297 },
	{ code: 'dong-nai', name: 'Đồng Nai', lat: 10.9574, lng: 106.8426 },
	{ code: 'tay-ninh', name: 'Tây Ninh', lat: 10.5359, lng: 106.4137 },
	{ code: 'can-tho', name: 'Cần Thơ', lat: 10.0452, lng: 105.7469 },
	{ code: 'vinh-long', name: 'Vĩnh Long', lat: 10.2537, lng: 105.9722 },
	{ code: 'dong-thap', name: 'Đồng Tháp', lat: 10.36, lng: 106.36 },
	{ code: 'ca-mau', name: 'Cà Mau', lat: 9.1769, lng: 105.1524 },
	{ code: 'an-giang', name: 'An Giang', lat: 10.0125, lng: 105.0809 },
] as const

export type ProvinceCode = (typeof PROVINCES)[number]['code']

const byCode = new Map<string, (typeof PROVINCES)[number]>(PROVINCES.map((p) => [p.code, p]))

/** "TP. Hồ Chí Minh", "Thành phố Hồ Chí Minh", "tinh Lang Son" → the bare name's words. */
function nameKey(text: string): string {
	return normalizeSearch(text)
		.replace(/[^a-z0-9]+/g, ' ')
		.trim()
		.replace(/^(thanh pho|tp|tinh)\s+/, '')
}

const byName = new Map<string, ProvinceCode>(PROVINCES.map((p) => [nameKey(p.name), p.code]))
byName.set('hcm', 'ho-chi-minh')
byName.set('sai gon', 'ho-chi-minh')

/** The province a code or a name (any case, with or without accents) stands for; null when none. */
export function resolveProvince(text: string): ProvinceCode | null {
	const trimmed = text.trim()
	if (byCode.has(trimmed)) return trimmed as ProvinceCode
	return byName.get(nameKey(trimmed)) ?? null
}

export function provinceName(code: string): string {
	return byCode.get(code)?.name ?? code
}

/** Provinces in alphabetical order of their names, accents aside (for selects). */
export const PROVINCES_BY_NAME = [...PROVINCES].sort((a, b) => nameKey(a.name).localeCompare(nameKey(b.name)))

/** The lists' filter by province: a province's code, or its name as typed (see resolveProvince). */
export const PROVINCE_FILTER = { kind: 'choice', values: PROVINCES.map((p) => p.code), resolve: resolveProvince } satisfies FilterSpec
