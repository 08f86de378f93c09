import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ATTACHMENT_TYPES, type AttachmentType } from './conversation-limits';
import { attachmentDisposition, attachmentFileName, proxiedDisposition, TYPE_EXTENSIONS } from './file-names';

const types = Object.keys(ATTACHMENT_TYPES) as AttachmentType[];
/** Every character a name must never keep: controls, bidirectional controls, invisible ones. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u200b\ufeff/\\"]/;
const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c'];
/** Names as an attacker would write them: any text, with controls, bidi marks, folders and extensions mixed in. */
const nastyName = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'binary', maxLength: 12 }),
      fc.constantFrom(...BIDI, '\u0000', '\n', '\r', '\t', '\u0085', '\u2028', '.', '..', '/', '\\', '"', ' ', '.exe', '.php', '.jpg', '.PDF', 'gpj', '\uD800', '\uDFFF'),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));
const longName = fc.string({ unit: 'grapheme', minLength: 150, maxLength: 400 });

describe('attachment names (decision 132)', () => {
  it('keep no control, bidirectional or invisible character, no folder, and end with an extension of their real type', () => {
    fc.assert(
      fc.property(fc.oneof(nastyName, longName), fc.constantFrom(...types), (name, type) => {
        const safe = attachmentFileName(name, type);
        expect(safe).not.toMatch(FORBIDDEN);
        expect(safe).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
        expect(Array.from(safe).length).toBeLessThanOrEqual(200);
        expect(TYPE_EXTENSIONS[type]).toContain(safe.slice(safe.lastIndexOf('.') + 1).toLowerCase());
        expect(safe).not.toMatch(/^[. ]|[. ]$/);
        // Cleaning again changes nothing: stored names are served as they are.
        expect(attachmentFileName(safe, type)).toBe(safe);
      }),
      { numRuns: 2_000 },
    );
  });

  it('gives a file the extension its bytes call for', () => {
    expect(attachmentFileName('foto.jpg\u202egpj.exe', 'image/jpeg')).toBe('foto.jpggpj.jpg');
    expect(attachmentFileName('x.php', 'image/jpeg')).toBe('x.jpg');
    expect(attachmentFileName('informe.PDF', 'application/pdf')).toBe('informe.PDF');
    expect(attachmentFileName('C:\\fotos\\bache.jpeg', 'image/jpeg')).toBe('bache.jpeg');
    expect(attachmentFileName('../../etc/passwd', 'image/png')).toBe('passwd.png');
    expect(attachmentFileName('.htaccess', 'image/png')).toBe('htaccess.png');
    expect(attachmentFileName('', 'image/webp')).toBe('archivo.webp');
    expect(attachmentFileName(undefined, 'image/heic')).toBe('archivo.heic');
    expect(attachmentFileName('Señal caída en km 23,5.png', 'image/png')).toBe('Señal caída en km 23,5.png');
  });

  it('download headers are plain ASCII and name exactly the safe name', () => {
    fc.assert(
      fc.property(nastyName, fc.constantFrom(...types), (name, type) => {
        const header = attachmentDisposition(name, type);
        expect(header).toMatch(/^attachment; filename="[\x20-\x21\x23-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9%!._~-]*$/);
        expect(decodeURIComponent(header.split("''")[1]!)).toBe(attachmentFileName(name, type));
        // The web app's proxy makes the same header again from the API's.
        expect(proxiedDisposition(header, type)).toBe(header);
      }),
      { numRuns: 1_000 },
    );
  });

  it('the proxy cleans a header an API sent with unsafe names, and never throws', () => {
    const rlo = `attachment; filename="x"; filename*=UTF-8''${encodeURIComponent('foto.jpg\u202egpj.exe')}`;
    expect(proxiedDisposition(rlo, 'image/jpeg')).toBe(attachmentDisposition('foto.jpggpj.jpg', 'image/jpeg'));
    expect(proxiedDisposition(`attachment; filename="a.pdf"; filename*=UTF-8''%E0%A4%A`, 'application/pdf')).toBe(attachmentDisposition('a.pdf', 'application/pdf'));
    expect(proxiedDisposition(null, 'image/png')).toBe(attachmentDisposition('', 'image/png'));
    expect(proxiedDisposition('attachment; filename="run.sh"', 'text/x-shellscript')).toBe('attachment');
  });
});
