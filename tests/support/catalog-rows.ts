/** A valid station and a valid tool as their forms and CSV rows give them (text per field), for the catalog tests to vary. */

export const STATION_ROW: Readonly<Record<string, string>> = {
	code: 'HN-001',
	name: 'Trạm BTS Cầu Giấy',
	type: 'bts',
	province: 'ha-noi',
	address: '12 Trần Duy Hưng',
	latitude: '21.028511',
	longitude: '105.804817',
	status: 'active',
	commissionedAt: '2019-05-01',
	note: '',
}

export const TOOL_ROW: Readonly<Record<string, string>> = {
	code: 'CC-001',
	name: 'Đồng hồ vạn năng Fluke 17B+',
	category: 'measuring',
	serialNumber: 'FLK-123',
	stationId: '',
	status: 'in_stock',
	quantity: '1',
	unit: 'cái',
	purchaseDate: '2021-03-15',
	value: '3250000.50',
	note: '',
}
