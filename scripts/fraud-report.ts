// npm run fraud:report: how well the fraud signals do on a seeded data set with planted fraud, and
// how long reconciling a 10,000-line bank statement takes. Everything goes through the real API of
// an in-process server on the embedded database (PGlite), with a test clock so a month of sign-ups
// takes seconds.
//
// Honest users: referrers who each bring five people over several hours, every person on their own
// phone and network address, paying with their own screenshot (synthetic UPI receipts, three app
// styles) and withdrawing to their own bank account; they come back and sign in. A few honest
// households sign up on the referrer's home Wi-Fi minutes apart (a real false-flag risk).
// Planted fraud: device rings (a leader signing up puppets on their own phone), payout rings
// (several accounts withdrawing to one UPI ID), clean-room self-referrals (own device, own address:
// only dormancy gives them away), careful ones that also come back (expected to be missed), proofs
// reusing an honest payer's screenshot byte for byte and as an edited, re-encoded copy, and a bot
// farm signing up through one code within an hour.
// Prints the planted accounts flagged vs missed, the honest accounts flagged (and held), by signal.
import { performance } from 'node:perf_hooks';
import { generateStatement } from '../server/reconciliation/fixtures/generate-statement.ts';
import { APP_STYLES, PHONE_SIZES, editUtr, randomDetails, reencodeJpeg, renderScreenshot, type ScreenshotDetails } from '../server/fraud/image-fingerprint-fixtures.ts';
import { flagDormantReferrals } from '../server/fraud/risk-signals.ts';
import { accountNumberFor } from '../server/test/bank-account.ts';
import { createAdmin, nextPhone, nextUtr, pngFile, uniquePng, type SignedIn } from '../server/test/fixtures.ts';
import { startTestServer, type TestServer } from '../server/test/harness.ts';
import { PRIVACY_POLICY_VERSION } from '../contract/constants.ts';

const HONEST_REFERRERS = Number(process.env.FRAUD_HONEST_REFERRERS ?? 16);
const PER_REFERRER = 5;
const HOUSEHOLDS = 4;
const RINGS = 4;
const MINUTE = 60_000;

type Who = { token: string; id: string; username: string; referralCode: string; phone: string; device: string; ip: string };
type Kind =
  | 'honest'
  | 'household'
  | 'device ring'
  | 'payout ring'
  | 'clean-room self-referral'
  | 'careful self-referral'
  | 'screenshot reused'
  | 'screenshot edited'
  | 'bot farm code';

let s: TestServer;
let admin: SignedIn;
let ipSeq = 0;
let deviceSeq = 0;
let shotSeq = 1000;
const newIp = () => `10.${(++ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
const newDevice = () => `report-device-${++deviceSeq}-0123456789abcdef`;
const headers = (w: { device: string; ip: string }) => ({ 'x-device-id': w.device, 'x-forwarded-for': w.ip });
const accounts: { who: Who; kind: Kind; honestVictim?: boolean }[] = [];

async function ok<T>(label: string, res: Promise<{ status: number; body: T }>): Promise<T> {
  const r = await res;
  if (r.status >= 300) throw new Error(`${label}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

async function signUp(referralCode: string, where: { device: string; ip: string }, kind: Kind): Promise<Who> {
  const phone = nextPhone();
  const reg = await ok<{ userId: string }>('register', s.api('POST', '/api/register', { body: { username: `u${phone.slice(-5)}`, phone, password: 'secret123', referralCode, policyVersion: PRIVACY_POLICY_VERSION }, headers: headers(where) }));
  const v = await ok<{ token: string; user: { id: string; username: string; referralCode: string } }>(
    'verify',
    s.api('POST', '/api/verify-otp', { body: { userId: reg.userId, otpCode: await s.lastCode(phone) }, headers: headers(where) }),
  );
  const who = { token: v.token, id: v.user.id, username: v.user.username, referralCode: v.user.referralCode, phone, ...where };
  accounts.push({ who, kind });
  return who;
}

/** A rendered receipt of the person's own payment (its UTR is the one they type). */
function ownReceipt(): ScreenshotDetails {
  const seed = ++shotSeq;
  const sizes = Object.values(PHONE_SIZES);
  return randomDetails(seed, APP_STYLES[seed % APP_STYLES.length]!, sizes[seed % sizes.length]!);
}

async function submitProof(w: Who, image: Buffer, utr: string, type = 'image/png'): Promise<string> {
  const form = new FormData();
  form.set('screenshot', pngFile(type === 'image/png' ? 'proof.png' : 'proof.jpg', image, type));
  form.set('utrNumber', utr);
  return (await ok<{ id: string }>('proof', s.upload('POST', '/api/submit-manual-payment', form, { token: w.token, headers: headers(w) }))).id;
}

let adminSignedInAt = 0;
/** The admin's token, signed in again when the test clock has moved past most of a 12-hour admin session. */
async function adminToken(): Promise<string> {
  if (s.clock.now().getTime() - adminSignedInAt > 10 * 60 * MINUTE) {
    admin = await createAdmin(s);
    adminSignedInAt = s.clock.now().getTime();
  }
  return admin.token;
}

async function approve(paymentId: string): Promise<void> {
  await ok('approve', s.api('PUT', `/api/admin/manual-payments/${paymentId}`, { token: await adminToken(), body: { status: 'approved' } }));
}

/** Pays with their own receipt and is approved; returns the receipt (a fraudster may copy it). */
async function activateHonestly(w: Who): Promise<{ details: ScreenshotDetails; image: Buffer }> {
  const details = ownReceipt();
  const image = await renderScreenshot(details);
  await approve(await submitProof(w, image, details.utr));
  return { details, image };
}

async function signIn(w: Who): Promise<void> {
  await ok('login', s.api('POST', '/api/login', { body: { phone: w.phone, password: 'secret123' }, headers: headers(w) }));
}

async function withdrawTo(w: Who, amount: string, target: { upiId: string } | { accountNumber: string }): Promise<void> {
  const form = new FormData();
  form.set('amount', amount);
  if ('upiId' in target) {
    form.set('method', 'upi');
    form.set('bankDetails', JSON.stringify({ accountHolderName: 'Account Holder', upiId: target.upiId }));
  } else {
    form.set('bankDetails', JSON.stringify({ accountHolderName: 'Account Holder', accountNumber: target.accountNumber, ifscCode: 'HDFC0001234' }));
  }
  await ok('withdraw', s.upload('POST', '/api/withdraw', form, { token: w.token, headers: headers(w) }));
}

const where = () => ({ device: newDevice(), ip: newIp() });
const later = (minutes: number) => s.clock.advance(minutes * MINUTE);

async function seed(): Promise<void> {
  const adminCode = admin.user.referralCode;
  const honestShots: { details: ScreenshotDetails; image: Buffer }[] = [];

  // Honest referrers and the people they bring, over hours; everyone comes back later.
  for (let r = 0; r < HONEST_REFERRERS; r++) {
    const referrer = await signUp(adminCode, where(), 'honest');
    honestShots.push(await activateHonestly(referrer));
    for (let i = 0; i < PER_REFERRER; i++) {
      later(40);
      const friend = await signUp(referrer.referralCode, where(), 'honest');
      honestShots.push(await activateHonestly(friend));
    }
    await signIn(referrer);
    await withdrawTo(referrer, '500', { accountNumber: accountNumberFor(referrer.token) });
  }
  // Households: the referrer's spouse signs up on the same home Wi-Fi minutes later, on their own phone.
  for (let h = 0; h < HOUSEHOLDS; h++) {
    const home = newIp();
    const referrer = await signUp(adminCode, { device: newDevice(), ip: home }, 'honest');
    await activateHonestly(referrer);
    await signIn(referrer);
    later(4);
    const spouse = await signUp(referrer.referralCode, { device: newDevice(), ip: home }, 'household');
    await activateHonestly(spouse);
    later(60);
  }

  // Device rings: the leader signs up four puppets on their own phone.
  for (let r = 0; r < RINGS; r++) {
    const leader = await signUp(adminCode, where(), 'device ring');
    await activateHonestly(leader);
    await signIn(leader);
    for (let i = 0; i < 4; i++) {
      later(20);
      const puppet = await signUp(leader.referralCode, { device: leader.device, ip: newIp() }, 'device ring');
      await activateHonestly(puppet);
    }
    later(90);
  }

  // Payout rings: three accounts, each paid a reward by a clean-room referral, cash out to one UPI ID.
  for (let r = 0; r < RINGS; r++) {
    const upiId = `ring${r}cash@okaxis`;
    for (let i = 0; i < 3; i++) {
      const member = await signUp(adminCode, where(), 'payout ring');
      await activateHonestly(member);
      const feeder = await signUp(member.referralCode, where(), 'clean-room self-referral');
      await activateHonestly(feeder);
      await signIn(member);
      await withdrawTo(member, '400', { upiId });
      later(30);
    }
  }

  // Careful self-referrals: own phone, own address, own receipt, and they come back like honest people.
  // Nothing in the data tells them apart: these are expected to be missed.
  for (let i = 0; i < RINGS; i++) {
    const owner = await signUp(adminCode, where(), 'careful self-referral');
    await activateHonestly(owner);
    later(45);
    const second = await signUp(owner.referralCode, where(), 'careful self-referral');
    await activateHonestly(second);
  }

  // Proofs copied from an honest payer's receipt: byte for byte, and edited (UTR digits) and re-encoded.
  for (let i = 0; i < RINGS; i++) {
    const victim = honestShots[i * 3]!;
    const exact = await signUp(adminCode, where(), 'screenshot reused');
    await submitProof(exact, victim.image, nextUtr());
    const edited = editUtr(victim.details, 2, 900 + i);
    const copy = await signUp(adminCode, where(), 'screenshot edited');
    await submitProof(copy, await reencodeJpeg(await renderScreenshot(edited), 85), edited.utr, 'image/jpeg');
    later(15);
  }

  // A bot farm: fourteen sign-ups through one code within the hour.
  const farmer = await signUp(adminCode, where(), 'bot farm code');
  await activateHonestly(farmer);
  await signIn(farmer);
  for (let i = 0; i < 14; i++) {
    later(3);
    await signUp(farmer.referralCode, where(), 'honest').then(() => accounts.pop()); // the bots themselves hold no money
  }

  // Honest people come back a couple of days later; a week on, the daily job looks for dormant referrals.
  later(2 * 24 * 60);
  for (const a of accounts) if (a.kind === 'honest' || a.kind === 'household' || a.kind === 'careful self-referral') await signIn(a.who);
  later(6 * 24 * 60);
  await flagDormantReferrals(s.ctx.db, s.clock.now());
}

type Flag = { code: string; holds: boolean };

async function report(): Promise<void> {
  const flags = new Map<string, Flag[]>();
  for (const a of accounts) {
    flags.set(a.who.id, (await ok<{ items: Flag[] }>('flags', s.api('GET', `/api/admin/users/${a.who.id}/risk-flags`, { token: await adminToken() }))).items);
  }
  const kinds = [...new Set(accounts.map((a) => a.kind))];
  console.log('\nFraud signals on a seeded data set (npm run fraud:report)\n');
  console.log('| accounts | n | flagged | missed | held | signals raised |');
  console.log('|---|---|---|---|---|---|');
  for (const kind of kinds) {
    const rows = accounts.filter((a) => a.kind === kind);
    const flagged = rows.filter((a) => (flags.get(a.who.id) ?? []).length > 0);
    const held = rows.filter((a) => (flags.get(a.who.id) ?? []).some((f) => f.holds));
    const codes = new Map<string, number>();
    for (const a of rows) for (const c of new Set((flags.get(a.who.id) ?? []).map((f) => f.code))) codes.set(c, (codes.get(c) ?? 0) + 1);
    const planted = kind !== 'honest' && kind !== 'household';
    console.log(
      `| ${planted ? 'planted: ' : ''}${kind} | ${rows.length} | ${flagged.length} | ${planted ? rows.length - flagged.length : '-'} | ${held.length} | ${[...codes].map(([c, n]) => `${c} ${n}`).join(', ') || '-'} |`,
    );
  }
  const honest = accounts.filter((a) => a.kind === 'honest' || a.kind === 'household');
  const falseFlags = honest.filter((a) => (flags.get(a.who.id) ?? []).length > 0);
  const planted = accounts.filter((a) => a.kind !== 'honest' && a.kind !== 'household');
  const caught = planted.filter((a) => (flags.get(a.who.id) ?? []).length > 0);
  console.log(`\nplanted accounts flagged: ${caught.length} of ${planted.length}; honest accounts flagged: ${falseFlags.length} of ${honest.length}`);
  console.log('(an honest payer whose receipt was copied is flagged with the copier: that is the evidence an admin needs, and is counted above)');
}

/** A 10,000-line statement holding 50 pending proofs' credits: upload to the four lists, then approve them all. */
async function reconcileTiming(): Promise<void> {
  const code = admin.user.referralCode;
  const pending: { utr: string }[] = [];
  for (let i = 0; i < 50; i++) {
    const w = await signUp(code, where(), 'honest');
    accounts.pop();
    const utr = nextUtr();
    await submitProof(w, uniquePng(), utr);
    pending.push({ utr });
  }
  const firstDate = new Date(s.clock.now().getTime() - 20 * 86_400_000).toISOString().slice(0, 10);
  const upload: number[] = [];
  let approveMs = 0;
  for (let round = 0; round < 3; round++) {
    const csv = generateStatement({ layout: 'hdfc', transactions: 10_000, firstDate, credits: pending.map((p) => ({ utr: p.utr, amountPaise: 50_000n })), seed: 77 + round });
    const form = new FormData();
    form.set('statement', new File([csv], `statement-${round}.csv`, { type: 'text/csv' }));
    const t0 = performance.now();
    const res = await ok<{ id: string; matched: unknown[]; lineCount: number }>('reconcile', s.upload('POST', '/api/admin/reconciliation', form, { token: await adminToken() }));
    upload.push(performance.now() - t0);
    if (round === 2) {
      const t1 = performance.now();
      await ok('approve matched', s.api('POST', `/api/admin/reconciliation/${res.id}/approve-matched`, { token: await adminToken(), body: {} }));
      approveMs = performance.now() - t1;
    } else if (res.matched.length !== 50) {
      throw new Error(`expected 50 matched, got ${res.matched.length}`);
    }
  }
  upload.sort((a, b) => a - b);
  console.log(`\nReconciling a 10,000-line HDFC statement with 50 pending proofs: upload to the four lists ${upload.map((m) => `${m.toFixed(0)} ms`).join(', ')} (median ${upload[1]!.toFixed(0)} ms); approving the 50 matched ${approveMs.toFixed(0)} ms`);
}

async function main(): Promise<void> {
  // One proxy in front: X-Forwarded-For names the client, so the address signal sees addresses.
  s = await startTestServer({ env: { TRUST_PROXY: '1' } });
  try {
    await adminToken();
    // The shipped defaults for the signals (the test harness lifts the burst flag).
    await ok('settings', s.api('PUT', '/api/admin/settings', { token: await adminToken(), body: { signupFlagPerReferrerPerHour: 10 } }));
    const t0 = performance.now();
    await seed();
    console.log(`seeded ${accounts.length} accounts in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await report();
    await reconcileTiming();
  } finally {
    await s.close();
  }
}

await main();
