// The admin panel's Recent Activity and settings proposals in words: every action the server writes
// to the audit log (read from its sources: services, database functions, the payout queue) is in
// the contract's list, and every listed action and every setting an admin can change reads as a
// sentence or a label in each language, never as its raw name.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ActivityItem } from '../../contract/admin-security.ts';
import { AUDIT_ACTIONS } from '../../contract/audit.ts';
import { UpdateSettingsRequestSchema } from '../../contract/settings.ts';
import { activateLanguage, languages, loadCatalogues } from '../i18n/i18n.ts';
import { t } from '../i18n/t.ts';
import { changedList, describeActivity } from './activity-text.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'node_modules' || name === 'meta' ? [] : sources(file);
    return /\.(ts|sql)$/.test(name) && !name.endsWith('.test.ts') ? [file] : [];
  });
}

/**
 * Actions written by SQL (database functions and migrations, and statements in the server's
 * TypeScript): the quoted `area.what` names in each `insert into audit_log` statement, up to its
 * end. What services write through recordAudit is typed by the contract's list already.
 */
function actionsWrittenBySql(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sources(path.join(root, 'server'))) {
    const source = readFileSync(file, 'utf8');
    for (const insert of source.matchAll(/insert\s+into\s+audit_log\b/gi)) {
      const rest = source.slice(insert.index);
      const end = rest.search(/[;`]/);
      const statement = end === -1 ? rest : rest.slice(0, end);
      for (const m of statement.matchAll(/'([a-z][a-z0-9_]*\.[a-z0-9_]+)'/g)) found.set(m[1]!, path.relative(root, file));
    }
  }
  return found;
}

const SETTINGS = Object.keys(UpdateSettingsRequestSchema.shape);

/** A row with every detail any action's sentence reads. */
const full = (action: string): ActivityItem => ({
  id: '1',
  action,
  actorId: 'a',
  actorName: 'Asha',
  targetType: null,
  targetId: null,
  ip: null,
  createdAt: '2026-11-21T06:00:00.000Z',
  details: {
    amount: '500.00',
    utrNumber: '123456789012',
    utr: '123456789012',
    notes: 'Checked',
    note: 'Checked',
    reason: 'Asked by the person',
    email: 'new@example.com',
    version: '1.2.0',
    deviceName: 'Laptop',
    lines: 3,
    feeWaived: '99.00',
    referralReward: { amount: '100.00' },
    changed: { tdsEnabled: { from: false, to: true } },
    provider: 'razorpayx',
    payoutProvider: 'razorpayx',
    providerStatus: 'reversed',
    error: 'Invalid UPI ID',
    found: true,
    expected: '500.00',
    currency: 'INR',
    fy: 2026,
    quarter: 1,
    bsrCode: '0510002',
    challanSerial: '00123',
  },
});
/** A row with nothing but its action, by nobody known. */
const bare = (action: string): ActivityItem => ({ ...full(action), actorId: null, actorName: null, details: null });

describe('audit actions', () => {
  it('every action the server writes in SQL is in the contract list', () => {
    const written = actionsWrittenBySql();
    // The scan finds the statements: the database functions' and the payout queue's.
    expect([...written.keys()]).toEqual(expect.arrayContaining(['payment.approved', 'tax.deposited', 'payout.processed', 'payout.refused', 'payout.mismatch']));
    const listed: readonly string[] = AUDIT_ACTIONS;
    expect([...written].filter(([action]) => !listed.includes(action)).map(([action, file]) => `${action} (${file})`)).toEqual([]);
  });

  it('lists each action once', () => {
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
  });
});

describe.each(languages.map((l) => l.code))('activity in %s', (code) => {
  beforeAll(async () => {
    await loadCatalogues(['admin'], code);
    await activateLanguage(code);
  });

  it.each([...AUDIT_ACTIONS])('%s reads as a sentence', (action) => {
    for (const item of [full(action), bare(action)]) {
      const { text } = describeActivity(item, t);
      const who = item.actorName ?? t('admin.activity.someone');
      expect(text, 'the fallback').not.toBe(t('admin.activity.other', { who, action: action.replace(/[._]/g, ' ') }));
      expect(text).not.toMatch(/[{}]|admin\.activity|undefined|null/);
      if (code === 'hi') expect(text).toMatch(/[\u0900-\u097F]/);
    }
  });

  it.each(SETTINGS)('setting %s has a label', (key) => {
    const label = changedList({ changed: [key] }, t);
    expect(label).not.toBe(key);
    expect(label).not.toMatch(/admin\.activity/);
  });
});

describe('activity sentences', () => {
  beforeAll(async () => {
    await loadCatalogues(['admin'], 'en');
    await loadCatalogues(['admin'], 'hi');
  });
  const item = (action: string, details: Record<string, unknown>, actor = true): ActivityItem => ({
    ...full(action),
    actorId: actor ? 'a' : null,
    actorName: actor ? 'Asha' : null,
    details,
  });
  const tax = {
    changed: {
      tdsEnabled: { from: false, to: true },
      tdsReferralRatePercent: { from: '2', to: '5' },
      tdsReferralYearlyThreshold: { from: '20000.00', to: '25000.00' },
      tdsPrizeSection: { from: '194B', to: '194BA' },
      tdsTan: { from: null, to: 'ABCD12345E' },
    },
  };

  it('in English', async () => {
    await activateLanguage('en');
    expect(describeActivity(item('settings.proposed', tax), t).text).toBe(
      'Asha proposed tax withheld at source off → on, tax rate on referral rewards 2% → 5%, yearly threshold for tax on referral rewards ₹20,000.00 → ₹25,000.00, tax section for spin prizes 194B → 194BA, TAN of the business not set → ABCD12345E',
    );
    expect(changedList({ changed: { tdsNoPanRatePercent: { from: '20', to: '20.5' }, smsPerHour: { from: 100, to: 50 } } }, t)).toBe('tax rate without a PAN 20% → 20.5%, SMS per hour 100 → 50');
    expect(describeActivity(item('tax.deposited', { fy: 2026, quarter: 2, amount: '1200.00', bsrCode: '0510002', challanSerial: '00123', depositedOn: '2026-10-07' }), t).text).toBe(
      'Asha recorded a ₹1,200.00 deposit of the tax withheld in Q2 of FY 2026-27 (challan 00123, BSR code 0510002)',
    );
    expect(describeActivity(item('pan.updated', { pan: 'ABCPE****F' }), t).text).toBe('Asha added or changed their PAN');
    expect(describeActivity(item('payout.processed', { amount: '500.00', provider: 'razorpayx', utr: '412345678901' }, false), t).text).toBe(
      'RazorpayX paid out a ₹500.00 withdrawal (UTR 412345678901)',
    );
    expect(describeActivity(item('payout.returned', { amount: '500.00', provider: 'razorpayx', providerStatus: 'failed', reason: 'Invalid UPI ID' }, false), t).text).toBe(
      "RazorpayX could not pay out a ₹500.00 withdrawal; the money is back in the person's wallet — “Invalid UPI ID”",
    );
    expect(describeActivity(item('payout.returned', { amount: '500.00', provider: 'razorpayx', providerStatus: 'failed', reason: 'Wrong UPI ID' }), t).text).toBe(
      "Asha returned a ₹500.00 withdrawal to the person's wallet instead of paying it out — “Wrong UPI ID”",
    );
    expect(describeActivity(item('payout.mismatch', { amount: '480.00', currency: 'INR', expected: '500.00' }, false), t).text).toBe(
      'A payout did not match its withdrawal: the provider reported ₹480.00 for a ₹500.00 withdrawal, so nothing moved',
    );
    expect(describeActivity(item('withdrawal.approved', { amount: '500.00', payoutProvider: 'razorpayx' }), t).text).toBe('Asha approved a ₹500.00 withdrawal for RazorpayX to pay out');
    expect(describeActivity(item('payment.approved', { amount: '500.00', via: 'gateway', utrNumber: '412345678901' }, false), t).text).toBe(
      'The payment gateway confirmed a ₹500.00 activation payment (UTR 412345678901)',
    );
  });

  it('in Hindi', async () => {
    await activateLanguage('hi');
    expect(describeActivity(item('settings.proposed', { changed: { tdsEnabled: { from: false, to: true }, tdsReferralRatePercent: { from: '2', to: '5' } } }), t).text).toBe(
      'Asha ने प्रस्ताव रखा: स्रोत पर टैक्स कटौती बंद → चालू, रेफ़रल इनाम पर टैक्स की दर 2% → 5%',
    );
    expect(describeActivity(item('tax.deposited', { fy: 2026, quarter: 2, amount: '1200.00', bsrCode: '0510002', challanSerial: '00123' }), t).text).toBe(
      'Asha ने वित्त वर्ष 2026-27 की Q2 तिमाही के टैक्स का ₹1,200.00 जमा दर्ज किया (चालान 00123, BSR कोड 0510002)',
    );
    expect(describeActivity(item('pan.updated', {}), t).text).toBe('Asha ने अपना PAN जोड़ा या बदला');
    expect(describeActivity(item('payout.processed', { amount: '500.00', provider: 'razorpayx', utr: '412345678901' }, false), t).text).toBe(
      'RazorpayX ने ₹500.00 की निकासी का भुगतान कर दिया (UTR 412345678901)',
    );
  });
});
