import { inflateSync } from 'node:zlib';
import { PNG } from 'pngjs';

const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;

/**
 * The signature as the server keeps it: the client's PNG decoded in full (every chunk's CRC, the
 * compressed pixels, the filters) and written again from its pixels alone. Whatever else the
 * upload carried — bytes after the image, text or private chunks, a second file format sharing
 * the bytes (a polyglot) — is not in what is stored. Null when the image does not decode. The
 * request schema has already capped its size, its header and its pixel count, so decoding is
 * bounded.
 */
export function reencodeSignature(dataUrl: string): string | null {
  const match = PNG_DATA_URL.exec(dataUrl);
  if (!match?.[1]) return null;
  try {
    const bytes = Buffer.from(match[1], 'base64');
    if (!pixelDataComplete(bytes)) return null;
    const decoded = PNG.sync.read(bytes, { checkCRC: true });
    const written = PNG.sync.write(decoded, { colorType: 6, inputColorType: 6, bitDepth: 8, deflateLevel: 9 });
    return `data:image/png;base64,${written.toString('base64')}`;
  } catch {
    return null;
  }
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Adam7: each pass's first column and row and its steps. */
const PASSES = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/**
 * Whether the compressed pixels inflate to exactly the bytes the header declares (filter byte per
 * row included). The decoder fills a short image with blank rows instead of refusing it.
 */
function pixelDataComplete(bytes: Buffer): boolean {
  const idat: Buffer[] = [];
  let header: Buffer | undefined;
  for (let at = 8; at + 12 <= bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') header = data;
    if (type === 'IDAT') idat.push(data);
    if (type === 'IEND') break;
    at += 12 + length;
  }
  if (!header || header.length < 13 || idat.length === 0) return false;
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  const bitsPerPixel = header[8]! * (CHANNELS[header[9]!] ?? 0);
  if (bitsPerPixel === 0) return false;
  const rowBytes = (columns: number) => (columns === 0 ? 0 : 1 + Math.ceil((columns * bitsPerPixel) / 8));
  const expected =
    header[12] === 1
      ? PASSES.reduce((sum, [x0, y0, dx, dy]) => {
          const columns = Math.max(0, Math.ceil((width - x0) / dx));
          const rows = Math.max(0, Math.ceil((height - y0) / dy));
          return sum + (columns === 0 ? 0 : rows * rowBytes(columns));
        }, 0)
      : height * rowBytes(width);
  try {
    return inflateSync(Buffer.concat(idat), { maxOutputLength: expected + 1 }).length === expected;
  } catch {
    return false;
  }
}
