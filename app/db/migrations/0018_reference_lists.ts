import type { Kysely } from 'kysely'
import { idColumn, type Dialect } from './helpers'

type Labels = { vn: string; en: string; es: string; de: string; it: string; ru: string }

/**
 * The station types and tool categories that were fixed in code until now, with the labels the locale
 * files gave them when this migration was written. Copied here as data: a migration must give the same
 * rows whenever it runs, whatever the locale files say later.
 */
export const INITIAL_REFERENCE_ITEMS: Record<'stationTypes' | 'toolCategories', readonly (readonly [code: string, labels: Labels])[]> = {
	stationTypes: [
		[
			'bts',
			{
				vn: 'Trạm BTS',
				en: 'BTS (mobile network)',
				es: 'BTS (red móvil)',
				de: 'BTS (Mobilfunk)',
				it: 'BTS (rete mobile)',
				ru: 'БС (сотовая связь)',
			},
		],
		['substation', { vn: 'Trạm biến áp', en: 'Substation', es: 'Subestación', de: 'Umspannwerk', it: 'Sottostazione', ru: 'Подстанция' }],
		[
			'weather',
			{
				vn: 'Trạm khí tượng',
				en: 'Weather station',
				es: 'Estación meteorológica',
				de: 'Wetterstation',
				it: 'Stazione meteorologica',
				ru: 'Метеостанция',
			},
		],
		[
			'hydrology',
			{
				vn: 'Trạm thủy văn',
				en: 'Hydrological station',
				es: 'Estación hidrológica',
				de: 'Pegelstation',
				it: 'Stazione idrologica',
				ru: 'Гидрологическая станция',
			},
		],
		[
			'pumping',
			{
				vn: 'Trạm bơm',
				en: 'Pumping station',
				es: 'Estación de bombeo',
				de: 'Pumpstation',
				it: 'Stazione di pompaggio',
				ru: 'Насосная станция',
			},
		],
	],
	toolCategories: [
		[
			'measuring',
			{
				vn: 'Thiết bị đo',
				en: 'Measuring instruments',
				es: 'Instrumentos de medida',
				de: 'Messgeräte',
				it: 'Strumenti di misura',
				ru: 'Измерительные приборы',
			},
		],
		[
			'power_tool',
			{
				vn: 'Dụng cụ điện',
				en: 'Power tools',
				es: 'Herramientas eléctricas',
				de: 'Elektrowerkzeuge',
				it: 'Utensili elettrici',
				ru: 'Электроинструмент',
			},
		],
		[
			'hand_tool',
			{
				vn: 'Dụng cụ cầm tay',
				en: 'Hand tools',
				es: 'Herramientas manuales',
				de: 'Handwerkzeuge',
				it: 'Utensili manuali',
				ru: 'Ручной инструмент',
			},
		],
		[
			'safety',
			{
				vn: 'Bảo hộ lao động',
				en: 'Safety equipment',
				es: 'Equipos de seguridad',
				de: 'Schutzausrüstung',
				it: 'Dispositivi di sicurezza',
				ru: 'Средства защиты',
			},
		],
		[
			'telecom',
			{
				vn: 'Thiết bị viễn thông',
				en: 'Telecom equipment',
				es: 'Equipos de telecomunicaciones',
				de: 'Telekommunikationsgeräte',
				it: 'Apparati di telecomunicazione',
				ru: 'Телекоммуникационное оборудование',
			},
		],
		[
			'it',
			{
				vn: 'Thiết bị CNTT',
				en: 'IT equipment',
				es: 'Equipos informáticos',
				de: 'IT-Geräte',
				it: 'Apparecchiature informatiche',
				ru: 'ИТ-оборудование',
			},
		],
		['vehicle', { vn: 'Phương tiện', en: 'Vehicles', es: 'Vehículos', de: 'Fahrzeuge', it: 'Veicoli', ru: 'Транспорт' }],
	],
}

/**
 * Editable reference lists (decision 0027): one table holds every list's items, `list_key` naming the
 * list. Stations and tools keep naming an item by its code in `type` / `category`, so their rows stay as
 * they are; a record's code that the list lacks still shows (as the code).
 */
export function referenceLists(dialect: Dialect) {
	return {
		async up(db: Kysely<unknown>) {
			await idColumn(db.schema.createTable('reference_items'), dialect)
				.addColumn('list_key', 'varchar(40)', (c) => c.notNull())
				.addColumn('code', 'varchar(32)', (c) => c.notNull())
				.addColumn('label_vn', 'varchar(100)', (c) => c.notNull())
				.addColumn('label_en', 'varchar(100)')
				.addColumn('label_es', 'varchar(100)')
				.addColumn('label_de', 'varchar(100)')
				.addColumn('label_it', 'varchar(100)')
				.addColumn('label_ru', 'varchar(100)')
				.addColumn('sort_order', 'integer', (c) => c.notNull())
				.addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
				.addColumn('created_at', 'bigint', (c) => c.notNull())
				.addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
				.addColumn('updated_at', 'bigint', (c) => c.notNull())
				.addColumn('version', 'integer', (c) => c.notNull())
				.execute()
			await db.schema.createIndex('reference_items_code').on('reference_items').columns(['list_key', 'code']).unique().execute()
			await db.schema.createIndex('reference_items_order').on('reference_items').columns(['list_key', 'sort_order', 'code']).execute()

			const now = Date.now()
			const rows = Object.entries(INITIAL_REFERENCE_ITEMS).flatMap(([listKey, items]) =>
				items.map(([code, labels], index) => ({
					list_key: listKey,
					code,
					label_vn: labels.vn,
					label_en: labels.en,
					label_es: labels.es,
					label_de: labels.de,
					label_it: labels.it,
					label_ru: labels.ru,
					sort_order: (index + 1) * 10,
					created_by: null,
					created_at: now,
					updated_by: null,
					updated_at: now,
					version: 1,
				})),
			)
			await (db as Kysely<{ reference_items: (typeof rows)[number] }>).insertInto('reference_items').values(rows).execute()
		},
	}
}
