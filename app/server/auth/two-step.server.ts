import QRCode from 'qrcode';

/**
 * The otpauth:// address as an SVG QR code, made on the server so enrolment works without
 * JavaScript (docs/decisions/113-two-step-sign-in.md). The SVG is qrcode's own output: paths and rectangles, no text of ours.
 */
export function qrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, width: 220, color: { dark: '#000000', light: '#ffffff' } });
}

/** The secret in groups of four, as authenticator apps show and people type it. */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();
