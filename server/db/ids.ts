// Time-ordered UUIDs (version 7) made in the app: PostgreSQL 15 has no uuidv7(), and ordered ids
// keep inserts local in the index and let keyset pagination break ties by id.
import { randomBytes } from 'node:crypto';

let lastMs = 0;
let seq = 0;

export function newId(): string {
  let ms = Date.now();
  if (ms <= lastMs) {
    // Same millisecond (or the clock stepped back): keep ids increasing within this process.
    ms = lastMs;
    seq = (seq + 1) & 0xfff;
    if (seq === 0) ms = ++lastMs;
  } else {
    seq = randomBytes(2).readUInt16BE(0) & 0x7ff;
  }
  lastMs = ms;
  const b = randomBytes(16);
  b.writeUIntBE(ms, 0, 6);
  b[6] = 0x70 | ((seq >> 8) & 0x0f);
  b[7] = seq & 0xff;
  b[8] = 0x80 | (b[8]! & 0x3f);
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids arrive in URLs; a malformed one is a 404, never a database cast error. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_RE.test(value);
}
