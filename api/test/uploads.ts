import type { FastifyInstance } from 'fastify';

/** Small files of each kind the attachment checks tell apart. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154089963f8cfc0f01f00050001ffabce36890000000049454e44ae426082',
  'hex',
);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
export const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200, 1)]);

/** A PDF of `bytes` bytes whose content differs everywhere (a shifted copy would not match). */
export function pdfOf(bytes: number): Buffer {
  const body = Buffer.alloc(bytes - PDF.length);
  for (let i = 0; i < body.length; i += 4) body.writeUInt32LE((i * 2654435761) >>> 0, Math.min(i, body.length - 4));
  return Buffer.concat([PDF, body]);
}

/** A multipart/form-data body with the files under the field "files", as the web app sends it. */
export function multipart(files: { name: string; content: Buffer; type?: string }[]) {
  const boundary = `----prueba${Math.random().toString(16).slice(2)}`;
  const parts = files.map((f) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`),
      f.content,
      Buffer.from('\r\n'),
    ]),
  );
  return { payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function uploadTo(app: FastifyInstance, caller: { headers: object }, ticketId: number, files: Parameters<typeof multipart>[0]) {
  const body = multipart(files);
  return app.inject({
    method: 'POST',
    url: `/api/ticket/${ticketId}/attachment`,
    payload: body.payload,
    headers: { ...(caller.headers as Record<string, string>), ...body.headers },
  });
}
