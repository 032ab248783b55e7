// What a PDF says, read with Debian's poppler-utils (pdftotext, pdfdetach) as a user's tools would.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The PDF's text in reading order, lines as laid out. */
export function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');
}

/** The bytes of the PDF's embedded file of that name. */
export function pdfAttachment(pdf: Buffer, name: string): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-pdf-'));
  try {
    const file = path.join(dir, 'report.pdf');
    writeFileSync(file, pdf);
    execFileSync('pdfdetach', ['-savefile', name, '-o', path.join(dir, 'attached'), file]);
    return readFileSync(path.join(dir, 'attached'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A multipart/form-data body with one file field, for `inject`. */
export function multipartFile(field: string, fileName: string, contentType: string, data: Buffer) {
  const boundary = '----carrierpage-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
