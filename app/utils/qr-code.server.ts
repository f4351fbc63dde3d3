/**
 * A QR code as SVG markup, made on the server (a second factor's key, a record's label): the page needs no
 * script and no image request, and the strict CSP (no inline styles) is satisfied, the SVG colouring with
 * presentation attributes only.
 */
export async function qrCodeSvg(text: string): Promise<string> {
	// Loaded with the first code shown, not at every start of the server.
	const { default: QRCode } = await import('qrcode')
	return QRCode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M', width: 224 })
}
