// Writes a brotli (.br) and a gzip (.gz) copy beside each compressible file of the browser build
// (build/client), at the highest levels: they are made once here, and @fastify/static serves them
// (preCompressed) to clients that accept them. Images and other compressed formats are left alone,
// and a copy that would not be smaller is not written.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const CLIENT_DIR = 'build/client';
const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.json',
  '.svg',
  '.txt',
  '.xml',
  '.ico',
  '.map',
]);

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function compressFile(file) {
  const data = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzipAsync(data, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < data.length) await writeFile(`${file}.br`, br);
  if (gz.length < data.length) await writeFile(`${file}.gz`, gz);
}

const entries = await readdir(CLIENT_DIR, { recursive: true, withFileTypes: true });
const files = entries
  .filter((entry) => entry.isFile() && COMPRESSIBLE.has(path.extname(entry.name)))
  .map((entry) => path.join(entry.parentPath, entry.name));
await Promise.all(files.map(compressFile));
