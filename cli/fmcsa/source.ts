/**
 * The bytes of an FMCSA file as a stream of chunks: a plain file, a gzip file, or the first CSV or JSON
 * entry of a zip archive. Counts the bytes taken from disk so the importer can show progress.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline, Transform, type Readable } from 'node:stream';
import { createGunzip, createInflateRaw } from 'node:zlib';
import yauzl from 'yauzl';
import { UnreadableFileError } from './errors.ts';

const CHUNK_BYTES = 1 << 20;

export interface ByteSource {
  /** Size of the file on disk. */
  totalBytes: number;
  /** Bytes of the file on disk consumed so far. */
  bytesRead(): number;
  chunks: AsyncIterable<Buffer>;
  /** Releases the file; safe to call more than once. */
  close(): void;
}

function fail(filePath: string, problem: string): never {
  throw new UnreadableFileError(`${filePath}: ${problem}`);
}

/** Errors from the file system, zlib or yauzl, as a message for the user. */
export function describeError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES') return 'permission denied';
  if (code?.startsWith('Z_')) return `not a valid compressed file (${(error as Error).message})`;
  return error instanceof Error ? error.message : String(error);
}

interface ZipEntryData {
  /** The entry's data as stored: deflated (`deflated`) or not. */
  raw: Readable;
  deflated: boolean;
  /** Where the entry starts in the archive. */
  offset: number;
  close(): void;
}

async function openZipEntry(filePath: string): Promise<ZipEntryData> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(filePath, { lazyEntries: true, autoClose: false }, (error, opened) =>
      error ? reject(error) : resolve(opened),
    ),
  ).catch((error: unknown) => fail(filePath, `not a readable zip archive (${describeError(error)})`));
  try {
    const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
      zip.on('entry', (candidate: yauzl.Entry) => {
        const name = candidate.fileName;
        // macOS archives carry `__MACOSX/._name.csv` resource forks beside the real file.
        const junk = name.startsWith('__MACOSX/') || path.posix.basename(name).startsWith('._');
        if (!junk && /\.(csv|json)$/i.test(name)) resolve(candidate);
        else zip.readEntry();
      });
      zip.on('end', () => resolve(null));
      zip.on('error', reject);
      zip.readEntry();
    });
    if (entry === null) fail(filePath, 'the zip archive holds no .csv or .json file');
    if (entry.isEncrypted()) fail(filePath, `${entry.fileName} in the zip archive is encrypted`);
    if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
      fail(filePath, `${entry.fileName} in the zip archive uses an unsupported compression method`);
    }
    // The raw entry data is inflated here rather than by yauzl so that compressed bytes can be counted.
    const raw = await zip.openReadStreamPromise(entry, { decodeFileData: false });
    return {
      raw,
      deflated: entry.compressionMethod === 8,
      offset: entry.relativeOffsetOfLocalHeader,
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}

/** The stream's chunks; `onEnd` runs once it has ended. */
async function* chunksOf(stream: Readable, onEnd: () => void): AsyncGenerator<Buffer> {
  for await (const chunk of stream) yield chunk as Buffer;
  onEnd();
}

export async function openByteSource(filePath: string): Promise<ByteSource> {
  const info = await stat(filePath).catch((error: unknown) => fail(filePath, describeError(error)));
  if (!info.isFile()) fail(filePath, 'not a file');
  if (info.size === 0) fail(filePath, 'the file is empty');
  const totalBytes = info.size;

  if (/\.zip$/i.test(filePath)) {
    const zip = await openZipEntry(filePath);
    let consumed = 0;
    let done = false;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        consumed += chunk.length;
        callback(null, chunk);
      },
    });
    // pipeline() passes an error of any stage on to the last one, where the reader sees it.
    const output = zip.deflated
      ? pipeline(zip.raw, counter, createInflateRaw({ chunkSize: CHUNK_BYTES }), () => {})
      : pipeline(zip.raw, counter, () => {});
    return {
      totalBytes,
      // The archive's directory after the entry is never read: the end of the entry is the end of the file.
      bytesRead: () => (done ? totalBytes : Math.min(totalBytes, zip.offset + consumed)),
      chunks: chunksOf(output, () => {
        done = true;
      }),
      close: () => {
        output.destroy();
        zip.close();
      },
    };
  }

  const file = createReadStream(filePath, { highWaterMark: CHUNK_BYTES });
  const output = /\.gz$/i.test(filePath)
    ? pipeline(file, createGunzip({ chunkSize: CHUNK_BYTES }), () => {})
    : file;
  return {
    totalBytes,
    bytesRead: () => file.bytesRead,
    chunks: output,
    close: () => {
      output.destroy();
      file.destroy();
    },
  };
}
