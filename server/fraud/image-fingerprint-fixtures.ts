// Test helper for the payment-screenshot fingerprint: renders synthetic "payment successful" UPI screenshots
// from SVG with sharp (three app styles, several phone sizes), deterministic from a seed, plus the edits and
// re-encodings a fraudster would apply to someone else's proof. Used by image-fingerprint.test.ts only.
import sharp from 'sharp';

export type AppStyle = 'violet' | 'plain' | 'sky';
export const APP_STYLES: readonly AppStyle[] = ['violet', 'plain', 'sky'];

export interface PhoneSize {
  width: number;
  height: number;
  // Device pixels per layout unit: every layout is drawn on a 360-unit-wide canvas.
  density: number;
}

export const PHONE_SIZES = {
  fhdTall: { width: 1080, height: 2400, density: 3 },
  fhd: { width: 1080, height: 2340, density: 3 },
  hd: { width: 720, height: 1600, density: 2 },
  iphone: { width: 1170, height: 2532, density: 3.25 },
} as const satisfies Record<string, PhoneSize>;

export interface ScreenshotDetails {
  app: AppStyle;
  size: PhoneSize;
  payerName: string;
  bankName: string;
  accountLast4: string;
  // 12-digit UPI reference (UTR), starting with 4 like most current ones.
  utr: string;
  // App-specific transaction id (T2406…, CICAg…, order number).
  transactionId: string;
  // "12 Jun 2024" and "10:42 am".
  date: string;
  time: string;
  // Status bar: clock "10:43" and battery percent.
  clock: string;
  battery: number;
}

// mulberry32: small, fast, deterministic.
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ['Rahul', 'Priya', 'Amit', 'Sneha', 'Vikram', 'Anjali', 'Suresh', 'Pooja', 'Arjun', 'Kavya', 'Mohammed', 'Lakshmi', 'Ravi', 'Deepika',
  'Sanjay', 'Neha', 'Karthik', 'Aisha', 'Manoj', 'Divya', 'Harpreet', 'Imran', 'Meera', 'Gaurav'];
const LAST = ['Sharma', 'Patel', 'Kumar', 'Reddy', 'Singh', 'Nair', 'Iyer', 'Gupta', 'Khan', 'Das', 'Joshi', 'Menon', 'Chatterjee', 'Yadav',
  'Pillai', 'Verma', 'Bose', 'Shetty'];
const BANKS = ['State Bank of India', 'HDFC Bank', 'ICICI Bank', 'Axis Bank', 'Kotak Mahindra Bank', 'Bank of Baroda', 'Canara Bank'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function pick<T>(rand: () => number, list: readonly T[]): T {
  const item = list[Math.floor(rand() * list.length)];
  if (item === undefined) throw new Error('empty list');
  return item;
}

function digits(rand: () => number, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += String(Math.floor(rand() * 10));
  return s;
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

// One honest user's payment: everything but the template, the amount and the payee varies.
export function randomDetails(seed: number, app: AppStyle, size: PhoneSize): ScreenshotDetails {
  const rand = seededRandom(seed);
  // Honest users of one referral campaign pay within a few weeks of each other.
  const day = 1 + Math.floor(rand() * 28);
  const month = 5 + Math.floor(rand() * 2);
  const hour24 = Math.floor(rand() * 24);
  const minute = Math.floor(rand() * 60);
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  const ampm = hour24 < 12 ? 'am' : 'pm';
  const shotMinute = (minute + Math.floor(rand() * 3)) % 60;
  let transactionId: string;
  if (app === 'violet') transactionId = `T24${pad2(month + 1)}${pad2(day)}${pad2(hour24)}${pad2(minute)}${digits(rand, 13)}`;
  else if (app === 'plain') transactionId = `CICAg${Array.from({ length: 15 }, () => pick(rand, ALNUM.split(''))).join('')}`;
  else transactionId = `2024${pad2(month + 1)}${pad2(day)}${digits(rand, 10)}`;
  return {
    app,
    size,
    payerName: `${pick(rand, FIRST)} ${pick(rand, LAST)}`,
    bankName: pick(rand, BANKS),
    accountLast4: digits(rand, 4),
    utr: `4${digits(rand, 11)}`,
    transactionId,
    date: `${day} ${MONTHS[month] ?? 'Jan'} 2024`,
    time: `${hour12}:${pad2(minute)} ${ampm}`,
    clock: `${hour12}:${pad2(shotMinute)}`,
    battery: 5 + Math.floor(rand() * 96),
  };
}

// The fraudster's edit: `count` digits of the UTR replaced by different digits, at seeded positions.
export function editUtr(details: ScreenshotDetails, count: number, seed: number): ScreenshotDetails {
  const rand = seededRandom(seed);
  const chars = details.utr.split('');
  const positions = new Set<number>();
  while (positions.size < count) positions.add(1 + Math.floor(rand() * (chars.length - 1)));
  for (const p of positions) {
    const old = Number(chars[p]);
    chars[p] = String((old + 1 + Math.floor(rand() * 9)) % 10);
  }
  return { ...details, utr: chars.join('') };
}

// The other common edit: the minutes of the payment time (and so 1-2 characters) changed.
export function editTime(details: ScreenshotDetails, minutesLater: number): ScreenshotDetails {
  const m = /^(\d+):(\d\d) (am|pm)$/.exec(details.time);
  if (!m) throw new Error(`unexpected time ${details.time}`);
  const minute = (Number(m[2]) + minutesLater) % 60;
  return { ...details, time: `${m[1]}:${pad2(minute)} ${m[3]}` };
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const FONT = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';

function text(x: number, y: number, s: string, size: number, fill: string, opts: { bold?: boolean; anchor?: 'start' | 'middle' | 'end' } = {}): string {
  const weight = opts.bold ? ' font-weight="bold"' : '';
  const anchor = opts.anchor && opts.anchor !== 'start' ? ` text-anchor="${opts.anchor}"` : '';
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" fill="${fill}"${weight}${anchor}>${esc(s)}</text>`;
}

function statusBar(d: ScreenshotDetails, bg: string, fg: string): string {
  const level = Math.max(1, Math.round((d.battery / 100) * 16));
  const batteryFill = d.battery <= 15 ? '#e53935' : fg;
  return [
    `<rect x="0" y="0" width="360" height="26" fill="${bg}"/>`,
    text(16, 18, d.clock, 12, fg, { bold: true }),
    // signal bars, wifi dot, battery
    `<rect x="262" y="13" width="3" height="5" fill="${fg}"/><rect x="267" y="10" width="3" height="8" fill="${fg}"/>`,
    `<rect x="272" y="7" width="3" height="11" fill="${fg}"/><rect x="277" y="4" width="3" height="14" fill="${fg}" opacity="0.4"/>`,
    `<circle cx="290" cy="14" r="4" fill="none" stroke="${fg}" stroke-width="2"/>`,
    `<rect x="302" y="8" width="20" height="10" rx="2" fill="none" stroke="${fg}" stroke-width="1.2"/>`,
    `<rect x="304" y="10" width="${level}" height="6" fill="${batteryFill}"/>`,
    text(344, 18, `${d.battery}%`, 10, fg, { anchor: 'middle' }),
  ].join('');
}

function navBar(heightUnits: number, bg: string, fg: string): string {
  return `<rect x="0" y="${heightUnits - 18}" width="360" height="18" fill="${bg}"/>` +
    `<rect x="130" y="${heightUnits - 10}" width="100" height="4" rx="2" fill="${fg}"/>`;
}

function tick(cx: number, cy: number, r: number, circle: string, mark: string): string {
  const s = r / 30;
  const path = `M ${cx - 13 * s} ${cy + 1 * s} L ${cx - 4 * s} ${cy + 10 * s} L ${cx + 14 * s} ${cy - 10 * s}`;
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${circle}"/>` +
    `<path d="${path}" fill="none" stroke="${mark}" stroke-width="${6 * s}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

function violet(d: ScreenshotDetails, h: number): string {
  const purple = '#5f259f';
  return [
    `<rect width="360" height="${h}" fill="#f1f1f6"/>`,
    `<rect x="0" y="0" width="360" height="210" fill="${purple}"/>`,
    statusBar(d, purple, '#ffffff'),
    text(20, 58, '←', 20, '#ffffff'),
    tick(180, 110, 32, '#ffffff', purple),
    text(180, 170, 'Transaction Successful', 19, '#ffffff', { bold: true, anchor: 'middle' }),
    text(180, 192, `${d.time} on ${d.date}`, 12, '#e6dcf5', { anchor: 'middle' }),
    `<rect x="12" y="224" width="336" height="118" rx="10" fill="#ffffff"/>`,
    text(28, 252, 'Paid to', 12, '#777777'),
    `<circle cx="48" cy="288" r="18" fill="#e8def8"/>`,
    text(48, 294, 'RH', 13, purple, { bold: true, anchor: 'middle' }),
    text(78, 286, 'Referral Hub', 16, '#1b1b1b', { bold: true }),
    text(78, 306, 'referralhub@ybl', 12, '#777777'),
    text(334, 292, '₹500', 20, '#1b1b1b', { bold: true, anchor: 'end' }),
    `<rect x="12" y="354" width="336" height="216" rx="10" fill="#ffffff"/>`,
    text(28, 382, 'Transfer Details', 14, '#1b1b1b', { bold: true }),
    text(28, 410, 'Transaction ID', 12, '#777777'),
    text(28, 430, d.transactionId, 14, '#1b1b1b'),
    text(28, 462, 'Debited from', 12, '#777777'),
    text(28, 482, d.payerName, 14, '#1b1b1b'),
    text(28, 502, `${d.bankName} XXXXXX${d.accountLast4}`, 12, '#555555'),
    text(28, 534, 'UTR', 12, '#777777'),
    text(28, 554, d.utr, 14, '#1b1b1b'),
    `<rect x="12" y="${h - 108}" width="164" height="44" rx="22" fill="#ffffff" stroke="${purple}" stroke-width="1.5"/>`,
    text(94, h - 80, 'Share', 14, purple, { bold: true, anchor: 'middle' }),
    `<rect x="184" y="${h - 108}" width="164" height="44" rx="22" fill="${purple}"/>`,
    text(266, h - 80, 'Done', 14, '#ffffff', { bold: true, anchor: 'middle' }),
    navBar(h, '#f1f1f6', '#333333'),
  ].join('');
}

function plain(d: ScreenshotDetails, h: number): string {
  return [
    `<rect width="360" height="${h}" fill="#ffffff"/>`,
    statusBar(d, '#ffffff', '#202124'),
    text(20, 62, '×', 24, '#5f6368'),
    tick(180, 170, 46, '#1a73e8', '#ffffff'),
    text(180, 268, '₹500', 46, '#202124', { anchor: 'middle' }),
    text(180, 302, 'Paid to Referral Hub', 16, '#202124', { anchor: 'middle' }),
    text(180, 324, 'referralhub@okaxis', 13, '#5f6368', { anchor: 'middle' }),
    `<rect x="132" y="340" width="96" height="26" rx="13" fill="#e6f4ea"/>`,
    text(180, 358, '✓ Completed', 12, '#137333', { anchor: 'middle' }),
    text(180, 390, `${d.date}, ${d.time}`, 13, '#5f6368', { anchor: 'middle' }),
    `<rect x="16" y="414" width="328" height="236" rx="12" fill="#ffffff" stroke="#dadce0" stroke-width="1"/>`,
    text(32, 444, 'UPI transaction ID', 12, '#5f6368'),
    text(32, 464, d.utr, 15, '#202124'),
    text(32, 496, 'To: Referral Hub', 13, '#202124'),
    text(32, 516, 'referralhub@okaxis', 12, '#5f6368'),
    text(32, 548, `From: ${d.payerName} (${d.bankName})`, 13, '#202124'),
    text(32, 568, `•••• ${d.accountLast4}`, 12, '#5f6368'),
    text(32, 600, 'Google transaction ID', 12, '#5f6368'),
    text(32, 620, d.transactionId, 13, '#202124'),
    `<rect x="100" y="${h - 96}" width="160" height="42" rx="21" fill="#ffffff" stroke="#dadce0" stroke-width="1"/>`,
    text(180, h - 70, 'Share screenshot', 13, '#1a73e8', { anchor: 'middle' }),
    navBar(h, '#ffffff', '#202124'),
  ].join('');
}

function sky(d: ScreenshotDetails, h: number): string {
  const navy = '#002e6e';
  return [
    `<rect width="360" height="${h}" fill="#eef6fb"/>`,
    `<rect x="0" y="0" width="360" height="190" fill="#00b9f1"/>`,
    statusBar(d, navy, '#ffffff'),
    text(24, 66, 'pay', 22, '#ffffff', { bold: true }),
    text(336, 66, 'Help', 13, '#ffffff', { anchor: 'end' }),
    `<rect x="16" y="96" width="328" height="330" rx="14" fill="#ffffff"/>`,
    tick(180, 140, 26, '#21c17a', '#ffffff'),
    text(180, 196, 'Paid Successfully to', 14, '#555555', { anchor: 'middle' }),
    text(180, 222, 'Referral Hub', 18, navy, { bold: true, anchor: 'middle' }),
    text(180, 242, 'UPI ID: referralhub@paytm', 12, '#777777', { anchor: 'middle' }),
    text(180, 290, '₹ 500', 38, '#111111', { bold: true, anchor: 'middle' }),
    `<line x1="36" y1="312" x2="324" y2="312" stroke="#e3e3e3" stroke-width="1"/>`,
    text(36, 338, `From ${d.payerName}`, 13, '#333333'),
    text(36, 358, `${d.bankName} - ${d.accountLast4}`, 12, '#777777'),
    text(36, 386, `UPI Ref. No: ${d.utr}`, 13, '#333333'),
    text(36, 408, `${d.date}, ${d.time.toUpperCase()}`, 12, '#777777'),
    `<rect x="16" y="440" width="328" height="62" rx="14" fill="#ffffff"/>`,
    text(36, 466, 'Order ID', 12, '#777777'),
    text(36, 486, d.transactionId, 13, '#333333'),
    `<rect x="16" y="${h - 170}" width="328" height="70" rx="14" fill="#dff3fd"/>`,
    text(36, h - 140, 'Get cashback on your next', 13, navy, { bold: true }),
    text(36, h - 120, 'recharge. Tap to know more', 12, '#4a6a8a'),
    `<rect x="16" y="${h - 84}" width="156" height="44" rx="22" fill="#ffffff" stroke="${navy}" stroke-width="1"/>`,
    text(94, h - 57, 'Check Balance', 13, navy, { anchor: 'middle' }),
    `<rect x="188" y="${h - 84}" width="156" height="44" rx="22" fill="#00b9f1"/>`,
    text(266, h - 57, 'Share', 13, '#ffffff', { bold: true, anchor: 'middle' }),
    navBar(h, '#eef6fb', '#333333'),
  ].join('');
}

export function screenshotSvg(d: ScreenshotDetails): string {
  const h = d.size.height / d.size.density;
  const body = d.app === 'violet' ? violet(d, h) : d.app === 'plain' ? plain(d, h) : sky(d, h);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${d.size.width}" height="${d.size.height}" viewBox="0 0 360 ${h}">${body}</svg>`;
}

// PNG as a phone saves a screenshot (low zlib effort: the fixtures are rendered in a hurry).
export async function renderScreenshot(d: ScreenshotDetails): Promise<Buffer> {
  return sharp(Buffer.from(screenshotSvg(d)), { density: 72 })
    .resize(d.size.width, d.size.height, { fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

export async function reencodeJpeg(image: Buffer, quality: number): Promise<Buffer> {
  return sharp(image).jpeg({ quality }).toBuffer();
}

export async function reencodeWebp(image: Buffer, quality: number): Promise<Buffer> {
  return sharp(image).webp({ quality }).toBuffer();
}

export async function resizeTo(image: Buffer, width: number, height: number, format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  const pipeline = sharp(image).resize(width, height, { fit: 'fill' });
  return format === 'png' ? pipeline.png({ compressionLevel: 1 }).toBuffer() : pipeline.jpeg({ quality: 85 }).toBuffer();
}

// Removes a fraction of the height from the top and/or the bottom (status bar, navigation bar).
export async function cropRows(image: Buffer, topFraction: number, bottomFraction = 0, format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  const meta = await sharp(image).metadata();
  const width = meta.width;
  const height = meta.height;
  const top = Math.round(height * topFraction);
  const bottom = Math.round(height * bottomFraction);
  const pipeline = sharp(image).extract({ left: 0, top, width, height: height - top - bottom });
  return format === 'png' ? pipeline.png({ compressionLevel: 1 }).toBuffer() : pipeline.jpeg({ quality: 85 }).toBuffer();
}

// Removes a fraction of the width on each side (a sloppy crop); changes the horizontal scale.
export async function cropSides(image: Buffer, fraction: number): Promise<Buffer> {
  const meta = await sharp(image).metadata();
  const left = Math.round(meta.width * fraction);
  return sharp(image).extract({ left, top: 0, width: meta.width - 2 * left, height: meta.height }).png({ compressionLevel: 1 }).toBuffer();
}

// A JPEG whose pixels are stored rotated 90° clockwise with EXIF orientation 8 ("rotate 270° to display"),
// as some phones save photos: displayed upright it is the same picture as `image`.
export async function exifRotatedJpeg(image: Buffer): Promise<Buffer> {
  return sharp(image).rotate(90).withMetadata({ orientation: 8 }).jpeg({ quality: 90 }).toBuffer();
}
