// Fingerprints of payment-proof screenshots, to catch one proof reused by several users: the same file, or a
// near-identical copy (re-encoded, resized, lightly cropped, or with a few characters of the UTR or time edited).
//
// Why not a plain perceptual hash: honest users' screenshots of the SAME payment app share the template, the ₹500
// amount and the payee; they differ only in small text (payer name, UTR, date/time, transaction id, status bar).
// Measured on the synthetic screenshots of image-fingerprint-fixtures.ts (3 app styles, 4 phone sizes): a 64-bit
// pHash puts honest same-app pairs 0-6 bits apart and a 3-8 % top crop of one screenshot 6-14 bits from it, so no
// Hamming threshold separates them; a 32-px-wide grey thumbnail still cannot tell two honest screenshots from a
// 4-digit UTR edit (the closest honest pairs and the edits both differ in 0-3 cells by more than 32 grey levels).
//
// What is compared instead: two grey grids 80 cells wide (one cell ≈ one character of body text on a phone), the
// cells square, 4 bits a cell, one grid anchored at the image's top edge and one at its bottom edge. A copy cropped
// at the top only (status bar removed) lines up cell for cell with the original's bottom-anchored grid, a copy
// cropped at the bottom only with the top-anchored one, a resized copy with both, so no resampling blur enters the
// comparison. A cell differs when its 4-bit values are 2 or more steps apart (~17-34+ grey levels);
// distance = differing cells (the smaller count of the two alignments), outsideWorstLine = those outside the
// LINE_ROWS consecutive rows holding the most. Near-identical when distance <= 16 OR outsideWorstLine <= 4: a reused
// proof is edited in one field (one text line), honest screenshots always differ in several (name, UTR, time,
// transaction id sit on different lines). Decoding uses fastShrinkOnLoad: false: JPEG and WebP shrink-on-load made
// re-encoded copies differ from their PNG original by up to 80 grey levels in text cells; decoded at full size,
// JPEG q60-q90 and WebP copies differ from it in 0 cells.
//
// Measured (image-fingerprint.test.ts prints its table; a larger one-off run added 2,700 honest pairs and 540 edits):
// honest pairs are ≥ 47 cells apart in the test set and ≥ 31 in the larger run (the lowest when one of the two had
// its status bar cropped, which drops the clock and battery from the comparison), with outsideWorstLine ≥ 17.
// Exact, re-encoded, resized and top- or bottom-cropped copies are 0 cells from their original; 1-4 edited UTR
// digits, an edited time, or both, 0-11 cells (also after JPEG q70), outsideWorstLine 0-2. So 16 leaves ~2x to the
// closest honest pair and ~1.5x above the worst edit, and the one-line rule (4 vs honest ≥ 17, edits ≤ 2) catches
// sloppier single-field edits (a pasted patch over the UTR) that change more cells. An evaluation at 32, 48, 64 and
// 96 cells wide found the honest/edited ratio ~5-6x at 64 and above and too small below (32 wide: 0-3 cells both);
// 80 is where the counts are large enough to be stable while the grids stay ~2 KB.
//
// Known limits: a copy cropped at BOTH ends (status bar and navigation bar) is not caught: neither anchor lines up
// and re-sampling between rows blurs text as much as an honest difference (an interpolating alignment was measured
// and dropped: it let a cropped honest screenshot come within 20 cells of another user's). Also: crops of more than
// 20 % of the height (no comparison: distance NO_OVERLAP_DISTANCE), crops of the left or right side (they change
// the scale: a 2 % side crop is ~2,400 cells away), rotations, photographs of a screen, and edits of several fields
// on different lines that add up to more than 16 cells (say name, UTR and time all retyped). The numbers come from
// synthetic screenshots; real ones carry more varying detail (ads, balances), which only adds to honest distances,
// but re-check the printed table on a sample of real proofs before trusting the threshold.
//
// Cost (2-core machine): ~21 ms wall a 1080x2400 PNG, almost all in libvips (sharp's thread pool); JavaScript on the
// main thread ~1 ms (event-loop delay p99 3 ms while fingerprinting back to back). Memory is bounded by
// limitInputPixels (40 M pixels) and by shrinking to 640 px wide inside libvips before anything reaches JavaScript.
import { createHash, webcrypto } from 'node:crypto';
import { promisify } from 'node:util';
import { deflateRaw, inflateRawSync } from 'node:zlib';
import sharp, { type OutputInfo } from 'sharp';

export const FINGERPRINT_VERSION = 1;
// Grid cells across the image width.
export const GRID_COLUMNS = 80;
// Rows kept in each grid (the top-anchored one covers the top GRID_MAX_ROWS rows, the bottom-anchored one the
// bottom ones): an aspect ratio of 3:1, taller than any phone screen; longer images are compared by their ends.
export const GRID_MAX_ROWS = 3 * GRID_COLUMNS;
// A cell differs when its 4-bit values are this many steps apart.
export const CELL_DIFF_STEPS = 2;
// Near-identical when at most this many cells differ (see the measurements above)…
export const NEAR_IDENTICAL_MAX_DISTANCE = 16;
// …or when at most this many differ outside the one text line that differs most (an edit of one field).
export const ONE_LINE_EDIT_MAX_DISTANCE = 4;
// Rows of a text line: 4 rows of 1/80 of the width ≈ 54 px on a 1080-px-wide screen, a line of body text.
export const LINE_ROWS = 4;
// Distance reported when no alignment overlaps enough (heavy crop, different shapes).
export const NO_OVERLAP_DISTANCE = GRID_COLUMNS * GRID_MAX_ROWS + 1;
// Decompression-bomb guard: a 5 MB PNG can declare billions of pixels.
export const MAX_INPUT_PIXELS = 40_000_000;
// Copies must share at least this fraction of the taller image's rows (light crops only).
const MIN_OVERLAP = 0.8;
// libvips shrinks to this width first (8 px a cell), so JavaScript never holds a full-size image.
const WORK_WIDTH = 8 * GRID_COLUMNS;
const QUANT = 17; // 255 / 15: 4-bit cells
const deflateRawAsync = promisify(deflateRaw);

export interface ImageFingerprint {
  version: number;
  // Hex SHA-256 of the uploaded bytes: equal bytes, equal proof.
  sha256: string;
  // 64-bit DCT perceptual hash (16 hex digits) of the whole image; informative only (see the header: it does not
  // separate honest screenshots of one app), the decision uses the grids.
  phash: string;
  // Upright size in pixels (after EXIF orientation).
  width: number;
  height: number;
  // Rows of each grid (GRID_COLUMNS wide).
  rows: number;
  // The two grids, rows x GRID_COLUMNS cells each, 4 bits a cell: byte i holds cell i of the top-anchored grid in its
  // low nibble and cell i of the bottom-anchored one in its high nibble; raw-deflated, base64. Measured on the
  // fixtures: 1.7-2.1 KB compressed (2.3-2.8 K base64 characters); at most 19,200 bytes before compression.
  grid: string;
}

export interface FingerprintComparison {
  nearIdentical: boolean;
  // Cells that differ (0 for the same bytes); NO_OVERLAP_DISTANCE when the images cannot be aligned.
  distance: number;
  // Of those, the cells outside the LINE_ROWS consecutive rows with the most differences.
  outsideWorstLine: number;
  // Which alignment gave the distance.
  alignment: 'same-bytes' | 'top' | 'bottom' | 'none';
}

function isSupportedImage(bytes: Buffer): boolean {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return true;
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return true;
  return bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP';
}

// PNG, JPEG or WebP bytes -> fingerprint; null for anything else or anything libvips cannot decode (never throws
// for bad input). Only the other formats' magic bytes are refused before decoding: libvips would read SVG, TIFF, PDF…
export async function fingerprintImage(bytes: Buffer): Promise<ImageFingerprint | null> {
  if (!isSupportedImage(bytes)) return null;
  let work: { data: Buffer; info: OutputInfo };
  try {
    work = await sharp(bytes, { failOn: 'none', limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true })
      .autoOrient()
      .flatten({ background: '#ffffff' })
      .resize({ width: WORK_WIDTH, withoutEnlargement: true, fastShrinkOnLoad: false })
      .toColourspace('b-w')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    return null;
  }
  const { width: workWidth, height: workHeight, channels } = work.info;
  if (channels !== 1 || workWidth < 1 || workHeight < 1) return null;
  const meta = await sharp(bytes, { failOn: 'none', limitInputPixels: MAX_INPUT_PIXELS }).metadata().catch(() => null);
  if (!meta) return null;
  const { width, height } = meta.autoOrient;

  const cell = workWidth / GRID_COLUMNS;
  const rows = Math.max(1, Math.min(GRID_MAX_ROWS, Math.floor(workHeight / cell)));
  const regionHeight = Math.max(1, Math.min(workHeight, Math.round(rows * cell)));
  const raw = { width: workWidth, height: workHeight, channels: 1 } as const;
  const gridAt = (top: number): Promise<Buffer> =>
    sharp(work.data, { raw })
      .extract({ left: 0, top, width: workWidth, height: regionHeight })
      .resize(GRID_COLUMNS, rows, { fit: 'fill', kernel: 'lanczos3' })
      .toColourspace('b-w')
      .raw()
      .toBuffer();
  let top: Buffer;
  let bottom: Buffer;
  let small: Buffer;
  try {
    [top, bottom, small] = await Promise.all([
      gridAt(0),
      gridAt(workHeight - regionHeight),
      sharp(work.data, { raw }).resize(32, 32, { fit: 'fill' }).toColourspace('b-w').raw().toBuffer(),
    ]);
  } catch {
    return null;
  }
  const cells = rows * GRID_COLUMNS;
  if (top.length !== cells || bottom.length !== cells || small.length !== 1024) return null;
  const packed = Buffer.alloc(cells);
  for (let i = 0; i < cells; i++) {
    const a = Math.round(top[i]! / QUANT);
    const b = Math.round(bottom[i]! / QUANT);
    // byte i holds top cell i (low nibble) and bottom cell i (high nibble)
    packed[i] = a | (b << 4);
  }
  // Both off the main thread: hashing 5 MB synchronously would hold the event loop for ~10 ms.
  const [digest, deflated] = await Promise.all([webcrypto.subtle.digest('SHA-256', bytes), deflateRawAsync(packed, { level: 9 })]);
  return {
    version: FINGERPRINT_VERSION,
    sha256: Buffer.from(digest).toString('hex'),
    phash: dctHash(small),
    width,
    height,
    rows,
    grid: deflated.toString('base64'),
  };
}

const COS = ((): Float64Array => {
  const t = new Float64Array(8 * 32);
  for (let u = 0; u < 8; u++) for (let x = 0; x < 32; x++) t[u * 32 + x] = Math.cos(((2 * x + 1) * u * Math.PI) / 64);
  return t;
})();

// pHash: the 8x8 lowest frequencies of the 32x32 DCT, each bit = coefficient above their median.
function dctHash(px: Buffer): string {
  const rowsDct = new Float64Array(32 * 8);
  for (let y = 0; y < 32; y++) {
    for (let v = 0; v < 8; v++) {
      let s = 0;
      for (let x = 0; x < 32; x++) s += px[y * 32 + x]! * COS[v * 32 + x]!;
      rowsDct[y * 8 + v] = s;
    }
  }
  const coeffs: number[] = [];
  for (let u = 0; u < 8; u++) {
    for (let v = 0; v < 8; v++) {
      let s = 0;
      for (let y = 0; y < 32; y++) s += rowsDct[y * 8 + v]! * COS[u * 32 + y]!;
      coeffs.push(s);
    }
  }
  const sorted = coeffs.slice(1).sort((p, q) => p - q);
  const median = ((sorted[31] ?? 0) + (sorted[32] ?? 0)) / 2;
  let hex = '';
  for (let i = 0; i < 64; i += 4) {
    let nibble = 0;
    for (let j = 0; j < 4; j++) nibble = (nibble << 1) | ((coeffs[i + j] ?? 0) > median ? 1 : 0);
    hex += nibble.toString(16);
  }
  return hex;
}

export function phashDistance(a: string, b: string): number {
  let n = 0;
  for (let i = 0; i < 16; i++) {
    let x = parseInt(a[i] ?? '0', 16) ^ parseInt(b[i] ?? '0', 16);
    while (x) {
      n += x & 1;
      x >>= 1;
    }
  }
  return n;
}

interface Grids {
  rows: number;
  top: Uint8Array;
  bottom: Uint8Array;
}

const gridCache = new WeakMap<ImageFingerprint, Grids>();

function gridsOf(f: ImageFingerprint): Grids {
  const cached = gridCache.get(f);
  if (cached) return cached;
  const cells = f.rows * GRID_COLUMNS;
  const packed = inflateRawSync(Buffer.from(f.grid, 'base64'), { maxOutputLength: cells });
  if (packed.length !== cells) throw new Error('fingerprint grid has the wrong size');
  const top = new Uint8Array(cells);
  const bottom = new Uint8Array(cells);
  for (let i = 0; i < cells; i++) {
    top[i] = packed[i]! & 15;
    bottom[i] = packed[i]! >> 4;
  }
  const grids = { rows: f.rows, top, bottom };
  gridCache.set(f, grids);
  return grids;
}

interface Counted {
  // Differing cells in all compared rows.
  total: number;
  // Differing cells outside the LINE_ROWS consecutive rows that hold the most of them.
  outsideWorstLine: number;
}

function countAligned(a: Uint8Array, aRows: number, b: Uint8Array, bRows: number, fromBottom: boolean): Counted {
  const n = Math.min(aRows, bRows);
  const perRow = new Uint16Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) {
    const ra = (fromBottom ? aRows - 1 - i : i) * GRID_COLUMNS;
    const rb = (fromBottom ? bRows - 1 - i : i) * GRID_COLUMNS;
    let count = 0;
    for (let x = 0; x < GRID_COLUMNS; x++) if (Math.abs(a[ra + x]! - b[rb + x]!) >= CELL_DIFF_STEPS) count++;
    perRow[i] = count;
    total += count;
  }
  let worstLine = 0;
  let window = 0;
  for (let i = 0; i < n; i++) {
    window += perRow[i]!;
    if (i >= LINE_ROWS) window -= perRow[i - LINE_ROWS]!;
    if (window > worstLine) worstLine = window;
  }
  return { total, outsideWorstLine: total - worstLine };
}

// Pure and symmetric; ~0.06 ms a pair once both grids are unpacked (cached per fingerprint object, ~0.03 ms each).
// Takes fingerprints from fingerprintImage or parseFingerprint (a hand-made one with a corrupt grid throws).
export function compareFingerprints(a: ImageFingerprint, b: ImageFingerprint): FingerprintComparison {
  if (a.sha256 === b.sha256) return { nearIdentical: true, distance: 0, outsideWorstLine: 0, alignment: 'same-bytes' };
  const none: FingerprintComparison = { nearIdentical: false, distance: NO_OVERLAP_DISTANCE, outsideWorstLine: NO_OVERLAP_DISTANCE, alignment: 'none' };
  if (a.version !== FINGERPRINT_VERSION || b.version !== FINGERPRINT_VERSION) return none;
  const gx = gridsOf(a);
  const gy = gridsOf(b);
  const minRows = Math.ceil(MIN_OVERLAP * Math.max(gx.rows, gy.rows));
  if (Math.min(gx.rows, gy.rows) < minRows) return none;
  const top = countAligned(gx.top, gx.rows, gy.top, gy.rows, false);
  const bottom = countAligned(gx.bottom, gx.rows, gy.bottom, gy.rows, true);
  const distance = Math.min(top.total, bottom.total);
  const outsideWorstLine = Math.min(top.outsideWorstLine, bottom.outsideWorstLine);
  const nearIdentical = distance <= NEAR_IDENTICAL_MAX_DISTANCE || outsideWorstLine <= ONE_LINE_EDIT_MAX_DISTANCE;
  return { nearIdentical, distance, outsideWorstLine, alignment: top.total <= bottom.total ? 'top' : 'bottom' };
}

// LSH keys for finding candidates in the database without comparing against every earlier proof.
//
// Each grid is turned into a bit map: bit (row, x) = cells x and x+1 of that row differ by CELL_DIFF_STEPS or more
// (text edges), over BAND_ROWS rows counted from the grid's own anchor (rows the image does not have are 0). The
// 79 x BAND_ROWS bits of each grid are dealt round-robin into BANDS bands, and each band becomes the string
// `<version><t|b><band>:<48-bit hash of its bits>`; bands whose bits are all 0 (blank areas) are left out, so a
// fingerprint has at most 2 x BANDS strings.
// Guarantee (pigeonhole): if the top-anchored bit maps of two fingerprints differ in fewer than BANDS bits, or their
// bottom-anchored ones do, the two share at least one band string exactly. Beyond that it is only probable: in a
// prototype run, JPEG, WebP and resized copies flipped 10-90 bits (more than the guarantee covers), yet every exact,
// re-encoded, resized, edited and top- or bottom-cropped copy in the test shared a band with its original (38/42;
// the misses were the crops at both ends or at the sides, which compareFingerprints misses too), while 24 %
// of honest same-app pairs and no pair of different apps shared one: a query returns about a quarter of the earlier
// proofs made with the same app and screen shape rather than all of them (a 64-bit pHash band would return all).
//
// Use: store the strings in a text[] column with a GIN index, query `WHERE bands && $1 OR sha256 = $2`, then confirm
// each candidate with compareFingerprints. The version prefix keeps keys of a future algorithm apart.
export const BANDS = 32;
export const BAND_ROWS = 128;

export function fingerprintBands(f: ImageFingerprint): string[] {
  if (f.version !== FINGERPRINT_VERSION) return [];
  const g = gridsOf(f);
  const out: string[] = [];
  for (const [tag, grid, fromBottom] of [['t', g.top, false], ['b', g.bottom, true]] as const) {
    const bands = Array.from({ length: BANDS }, () => new Uint8Array(Math.ceil(((GRID_COLUMNS - 1) * BAND_ROWS) / BANDS / 8)));
    const hasBits = new Array<boolean>(BANDS).fill(false);
    let i = 0;
    for (let k = 0; k < BAND_ROWS; k++) {
      const r = fromBottom ? g.rows - 1 - k : k;
      for (let x = 0; x < GRID_COLUMNS - 1; x++, i++) {
        if (k >= g.rows) continue;
        const v = grid[r * GRID_COLUMNS + x]!;
        const w = grid[r * GRID_COLUMNS + x + 1]!;
        if (Math.abs(v - w) < CELL_DIFF_STEPS) continue;
        const band = i % BANDS;
        const pos = Math.floor(i / BANDS);
        bands[band]![pos >> 3]! |= 1 << (pos & 7);
        hasBits[band] = true;
      }
    }
    for (let band = 0; band < BANDS; band++) {
      if (!hasBits[band]) continue;
      const digest = createHash('sha1').update(bands[band]!).digest('hex').slice(0, 12);
      out.push(`${FINGERPRINT_VERSION}${tag}${band}:${digest}`);
    }
  }
  return out;
}

// Serialisation: the fingerprint is already plain JSON (strings and numbers). serializeFingerprint gives a stable
// string (fixed key order) for a jsonb/text column; parseFingerprint validates anything read back (or received)
// and returns null for what is not a fingerprint of this version.
export function serializeFingerprint(f: ImageFingerprint): string {
  return JSON.stringify({ version: f.version, sha256: f.sha256, phash: f.phash, width: f.width, height: f.height, rows: f.rows, grid: f.grid });
}

export function parseFingerprint(value: unknown): ImageFingerprint | null {
  let v: unknown = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return null;
    }
  }
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  const { version, sha256, phash, width, height, rows, grid } = o;
  if (version !== FINGERPRINT_VERSION) return null;
  if (typeof sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(sha256)) return null;
  if (typeof phash !== 'string' || !/^[0-9a-f]{16}$/.test(phash)) return null;
  if (!isDimension(width) || !isDimension(height)) return null;
  if (typeof rows !== 'number' || !Number.isInteger(rows) || rows < 1 || rows > GRID_MAX_ROWS) return null;
  if (typeof grid !== 'string' || grid.length > 4 * GRID_COLUMNS * GRID_MAX_ROWS || !/^[A-Za-z0-9+/]*={0,2}$/.test(grid)) return null;
  const f: ImageFingerprint = { version, sha256, phash, width, height, rows, grid };
  try {
    gridsOf(f);
  } catch {
    return null;
  }
  return f;
}

function isDimension(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_INPUT_PIXELS;
}
