import QRCode from 'qrcode'

/**
 * A QR code as SVG markup, made on the server: the page needs no script and no image request, and the
 * strict CSP (no inline styles) is satisfied, the SVG colouring with presentation attributes only.
 */
export function qrCodeSvg(text: string): Promise<string> {
	return QRCode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M', width: 224 })
}
