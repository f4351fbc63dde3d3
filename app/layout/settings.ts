/** The layout settings of the seed's template, kept in a cookie and rendered as `<body>` attributes. */
export const LAYOUT_OPTIONS = {
	width: ['fluid', 'boxed', 'scrollable'],
	layout: ['vertical', 'horizontal'],
	mode: ['light', 'dark'],
	sidebar: ['light', 'dark', 'compact', 'icon', 'colored'],
	topbar: ['light', 'dark', 'colored'],
} as const

export type LayoutSettings = { [Key in keyof typeof LAYOUT_OPTIONS]: (typeof LAYOUT_OPTIONS)[Key][number] }
export type LayoutField = keyof LayoutSettings

export const LAYOUT_FIELDS = Object.keys(LAYOUT_OPTIONS) as LayoutField[]

/** The seed's defaults: fluid, vertical, light mode, dark sidebar, dark top bar. */
export const DEFAULT_LAYOUT: LayoutSettings = {
	width: 'fluid',
	layout: 'vertical',
	mode: 'light',
	sidebar: 'dark',
	topbar: 'dark',
}

export const LAYOUT_COOKIE = 'layout'

export function isLayoutValue<Field extends LayoutField>(field: Field, value: unknown): value is LayoutSettings[Field] {
	return typeof value === 'string' && (LAYOUT_OPTIONS[field] as readonly string[]).includes(value)
}

/** Reads the cookie value (`width=fluid&layout=vertical…`); anything unknown falls back to the default. */
export function parseLayoutCookie(value: string | null | undefined): LayoutSettings {
	const settings = { ...DEFAULT_LAYOUT }
	if (!value) return settings
	const params = new URLSearchParams(value)
	for (const field of LAYOUT_FIELDS) {
		const candidate = params.get(field)
		if (isLayoutValue(field, candidate)) (settings as Record<LayoutField, string>)[field] = candidate
	}
	return settings
}

export function serializeLayout(settings: LayoutSettings): string {
	return new URLSearchParams(LAYOUT_FIELDS.map((field) => [field, settings[field]])).toString()
}

/**
 * The template's `<body>` vocabulary. The sidebar choice splits in two: `compact` and `icon` are
 * sizes (of a dark sidebar), the others are colours of a default-size sidebar.
 */
export function bodyAttributes(settings: LayoutSettings): Record<string, string> {
	const sidebarIsSize = settings.sidebar === 'compact' || settings.sidebar === 'icon'
	return {
		'data-layout': settings.layout,
		'data-layout-mode': settings.mode,
		'data-bs-theme': settings.mode,
		'data-layout-size': settings.width === 'boxed' ? 'boxed' : 'fluid',
		'data-layout-scrollable': settings.width === 'scrollable' ? 'true' : 'false',
		'data-sidebar': sidebarIsSize ? 'dark' : settings.sidebar,
		'data-sidebar-size': sidebarIsSize ? settings.sidebar : 'default',
		'data-topbar': settings.topbar,
	}
}
