/** Lower-case, accents removed, đ → d: "Trạm Đông" and "tram dong" compare equal. */
export function foldForSearch(text: string): string {
	return text
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.replace(/đ/g, 'd')
		.replace(/Đ/g, 'D')
		.toLowerCase()
		.trim()
}
