// Tax withheld at source through the API (DESIGN.md section 15, decision 035): a person's rewards
// cross the yearly threshold and the whole year's amount is taxed at that credit, then each later
// one; without a PAN at the higher rate; a PAN given mid-year changes later credits only; a
// reversal takes its tax back with it; a prize above its threshold; the quarter's Form 26Q rows add
// up to tds_payable, and a deposit moves them to tds_deposited; the statement still adds up and
// carries the yearly summary; the PAN is in the data export and leaves with erasure. The PANs here
// are made up (ZZ...), shaped like real ones.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taxPeriodOf } from '../../contract/tax.ts';
import { rotateSecretsKey } from '../admin-security/rotate-secrets-key.ts';
import { openPan } from './pan.ts';
import { drivers, expectLedgerHolds, startTestServer, type TestServer } from '../test/harness.ts';
import { createActivatedUser, createAdmin, inviteAdmin, registerUser, submitPaymentProof, type RegisteredUser, type SignedIn } from '../test/fixtures.ts';
import { expectHistoryAddsUp, withdraw } from '../test/money-fixtures.ts';

const PAN_A = 'ZZAPT1234Q';
const PAN_B = 'ZZBPK5678R';

/** The CSV as rows of cells (our cells are quoted, none holds a quote or a comma in these tests). */
function csvRows(text: string): string[][] {
  return text
    .trim()
    .split('\r\n')
    .map((line) => line.split('","').map((c) => c.replace(/^"|"$/g, '')));
}

describe.each(drivers)('tax withheld at source (%s)', (driver) => {
  let s: TestServer;
  let admin: SignedIn;
  const { fy, quarter } = taxPeriodOf(new Date());

  const me = async (u: { token: string }) => (await s.api('GET', '/api/user', { token: u.token })).body;
  const settings = async (body: Record<string, unknown>) => {
    const res = await s.api('PUT', '/api/admin/settings', { token: admin.token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  /** A payer referred by `referrer`, whose approved proof is returned. */
  async function paidReferral(referrer: RegisteredUser) {
    const payer = await registerUser(s, referrer.user.referralCode);
    const proof = await submitPaymentProof(s, payer.token);
    const approved = await s.api('PUT', `/api/admin/manual-payments/${proof.id}`, { token: admin.token, body: { status: 'approved' } });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    return { payer, proof };
  }
  const setPan = (u: { token: string }, pan: string, nameOnPan = 'Asha Verma') => s.api('PUT', '/api/me/pan', { token: u.token, body: { pan, nameOnPan } });
  const ledger = async () => {
    const res = await s.api('GET', '/api/admin/ledger', { token: admin.token });
    return Object.fromEntries(res.body.accounts.map((a: { name: string; balance: string }) => [a.name, a.balance])) as Record<string, string>;
  };
  const report = async () => {
    const res = await s.api('GET', `/api/admin/tax/report?fy=${fy}&quarter=${quarter}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    return csvRows(res.body as string);
  };
  /** The report rows of one person, by the name on the rows. */
  const rowsOf = async (name: string) => (await report()).slice(1).filter((r) => r[1] === name);
  const taxLines = async (u: { token: string }) =>
    ((await s.api('GET', '/api/transactions?limit=200', { token: u.token })).body as { tax?: unknown }[]).filter((t) => t.tax);
  const sumTax = (rows: string[][]) => rows.reduce((sum, r) => sum + Math.round(Number(r[6]) * 100), 0);
  const paise = (rupees: string) => Math.round(Number(rupees) * 100);
  /**
   * Today's wallet statement (India) adds up: opening + credits - debits = closing, its lines add up
   * to its totals, each line's balance follows from the one before, and it closes on the wallet.
   */
  const expectStatementAddsUp = async (u: { token: string }) => {
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const res = await s.api('GET', `/api/wallet/statement?from=${today}&to=${today}`, { token: u.token });
    expect(res.status).toBe(200);
    const st = res.body as { openingBalance: string; closingBalance: string; totalCredits: string; totalDebits: string; lines: { credit: string; debit: string; balanceAfter: string }[] };
    expect(paise(st.openingBalance) + paise(st.totalCredits) - paise(st.totalDebits)).toBe(paise(st.closingBalance));
    expect(st.lines.reduce((sum, l) => sum + paise(l.credit), 0)).toBe(paise(st.totalCredits));
    expect(st.lines.reduce((sum, l) => sum + paise(l.debit), 0)).toBe(paise(st.totalDebits));
    let balance = paise(st.openingBalance);
    for (const l of st.lines) {
      balance += paise(l.credit) - paise(l.debit);
      expect(paise(l.balanceAfter)).toBe(balance);
    }
    expect(st.closingBalance).toBe((await me(u)).walletBalance);
    return st;
  };

  beforeAll(async () => {
    s = await startTestServer({ driver });
    admin = await createAdmin(s);
  });
  afterAll(() => s.close());

  it('is off by default: rewards are paid whole, yet the year is counted', async () => {
    const body = (await s.api('GET', '/api/admin/settings', { token: admin.token })).body;
    expect(body).toMatchObject({
      tdsEnabled: false,
      tdsReferralSection: '194H',
      tdsReferralRatePercent: '2',
      tdsReferralYearlyThreshold: '20000.00',
      tdsPrizeSection: '194B',
      tdsPrizeRatePercent: '30',
      tdsPrizeThreshold: '10000.00',
      tdsNoPanRatePercent: '20',
      tdsTan: null,
    });
    const referrer = await createActivatedUser(s, admin.token, admin.user.referralCode);
    await paidReferral(referrer);
    expect(await me(referrer)).toMatchObject({ walletBalance: '400.00' });
    const tax = (await s.api('GET', '/api/me/tax', { token: referrer.token })).body;
    expect(tax).toMatchObject({ enabled: false, fy, pan: null, panRequested: false, year: { rewards: '400.00', taxWithheld: '0.00' }, years: [] });
    expect(await taxLines(referrer)).toEqual([]);
    await expectLedgerHolds(s);
  });

  it('checks a PAN, keeps it sealed and shows it masked', async () => {
    const u = await createActivatedUser(s, admin.token, admin.user.referralCode);
    for (const bad of ['ABCDE1234F', 'ZZAPT12345', 'ZZAP1234QQ', '', 'ZZAPT1234']) {
      const res = await setPan(u, bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.fields).toHaveProperty('pan');
    }
    expect((await setPan(u, PAN_A, '  ')).body.fields).toHaveProperty('nameOnPan');
    const res = await setPan(u, ' zzapt 1234q ', 'Asha  Verma');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.pan).toMatchObject({ masked: 'ZZXXXXXX4Q', nameOnPan: 'Asha Verma' });
    expect(JSON.stringify(res.body)).not.toContain(PAN_A);
    const [stored] = (await s.database.db.execute(`select sealed, masked from user_pans where user_id = '${u.user.id}'`) as unknown as { rows: { sealed: string; masked: string }[] }).rows;
    expect(stored!.sealed).toMatch(/^v1\./);
    expect(stored!.sealed).not.toContain(PAN_A);
    expect((await s.api('PUT', '/api/me/pan', { body: { pan: PAN_A, nameOnPan: 'x' } })).status).toBe(401);
  });

  it('crossing the threshold mid-year taxes the whole year at that credit, then each later credit (with a PAN)', async () => {
    await settings({ tdsEnabled: true, tdsReferralYearlyThreshold: '1000', tdsReferralRatePercent: '2', tdsNoPanRatePercent: '20' });
    const referrer = await createActivatedUser(s, admin.token, admin.user.referralCode);
    expect((await setPan(referrer, PAN_A, 'Asha Verma')).status).toBe(200);
    const before = await ledger();

    await paidReferral(referrer);
    await paidReferral(referrer);
    expect(await me(referrer)).toMatchObject({ walletBalance: '800.00' });
    expect(await taxLines(referrer)).toEqual([]);

    // ₹1,200 this year passes ₹1,000: 2% of the whole ₹1,200 at this credit.
    await paidReferral(referrer);
    expect(await me(referrer)).toMatchObject({ walletBalance: '1176.00', totalEarnings: '1200.00' });
    // Then 2% of each reward.
    await paidReferral(referrer);
    expect(await me(referrer)).toMatchObject({ walletBalance: '1568.00', totalEarnings: '1600.00' });

    const history = (await s.api('GET', '/api/transactions', { token: referrer.token })).body;
    expect(history[0]).toMatchObject({ type: 'referral_bonus', direction: 'credit', amount: '392.00', tax: { gross: '400.00', amount: '8.00', section: '194H', rate: '2', taxedOn: '400.00', reversed: false } });
    expect(history[1]).toMatchObject({ amount: '376.00', tax: { gross: '400.00', amount: '24.00', taxedOn: '1200.00' } });
    await expectHistoryAddsUp(s, referrer.token);

    const notes = (await s.api('GET', '/api/notifications', { token: referrer.token })).body.items as { kind: string; body: string }[];
    expect(notes.filter((n) => n.kind === 'tax_withheld').map((n) => n.body)).toEqual([
      '₹8.00 income tax was withheld at source from ₹400.00 (section 194H, 2% of ₹400.00).',
      '₹24.00 income tax was withheld at source from ₹400.00 (section 194H, 2% of ₹1200.00).',
    ]);
    expect(notes.some((n) => n.kind === 'pan_requested')).toBe(false);

    const rows = await rowsOf('Asha Verma');
    expect(rows.map((r) => r.slice(0, 9))).toEqual([
      [PAN_A, 'Asha Verma', '194H', expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/), '1200.00', '2.00', '24.00', '02', ''],
      [PAN_A, 'Asha Verma', '194H', expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/), '400.00', '2.00', '8.00', '02', ''],
    ]);
    const after = await ledger();
    expect(paise(after.tds_payable!) - paise(before.tds_payable!)).toBe(3200);
    const tax = (await s.api('GET', '/api/me/tax', { token: referrer.token })).body;
    expect(tax).toMatchObject({ year: { rewards: '1600.00', taxWithheld: '32.00' }, years: [{ fy, taxedOn: '1600.00', taxWithheld: '32.00' }] });
    await expectLedgerHolds(s);
  });

  it('without a PAN withholds at the no-PAN rate and asks for it; a PAN given mid-year changes later credits only', async () => {
    await settings({ tdsEnabled: true, tdsReferralYearlyThreshold: '1000', tdsReferralRatePercent: '2', tdsNoPanRatePercent: '20' });
    const referrer = await createActivatedUser(s, admin.token, admin.user.referralCode);
    await paidReferral(referrer);
    expect((await s.api('GET', '/api/me/tax', { token: referrer.token })).body.panRequested).toBe(false);
    await paidReferral(referrer);
    // ₹800 is past three quarters of ₹1,000: asked for the PAN, once.
    const asked = (await s.api('GET', '/api/notifications', { token: referrer.token })).body.items.filter((n: { kind: string }) => n.kind === 'pan_requested');
    expect(asked).toEqual([
      expect.objectContaining({
        title: 'Add your PAN: without it 20% is withheld',
        body: 'Your referral rewards this financial year are ₹800.00. Above ₹1000.00 in a year, income tax is withheld at source: 2% with your PAN, 20% without it. Add your PAN on your Profile.',
      }),
    ]);
    expect((await s.api('GET', '/api/me/tax', { token: referrer.token })).body).toMatchObject({ panRequested: true, referral: { noPanRate: '20' } });

    await paidReferral(referrer); // 20% of ₹1,200 = ₹240
    expect(await me(referrer)).toMatchObject({ walletBalance: '960.00' });
    expect((await setPan(referrer, PAN_B, 'Ravi Kumar')).status).toBe(200);
    expect((await s.api('GET', '/api/me/tax', { token: referrer.token })).body.panRequested).toBe(false);
    await paidReferral(referrer); // 2% of ₹400 = ₹8
    expect(await me(referrer)).toMatchObject({ walletBalance: '1352.00' });
    const notes = (await s.api('GET', '/api/notifications', { token: referrer.token })).body.items;
    expect(notes.filter((n: { kind: string }) => n.kind === 'pan_requested')).toHaveLength(1);

    // The first row was withheld without a PAN (reason C); the name shown is the account's then.
    const all = (await report()).slice(1);
    const withoutPan = all.filter((r) => r[0] === 'PANNOTAVBL' && r[1] === referrer.user.username);
    expect(withoutPan.map((r) => [r[4], r[5], r[6], r[8]])).toEqual([['1200.00', '20.00', '240.00', 'C']]);
    expect((await rowsOf('Ravi Kumar')).map((r) => [r[0], r[4], r[5], r[6], r[8]])).toEqual([[PAN_B, '400.00', '2.00', '8.00', '']]);
    await expectHistoryAddsUp(s, referrer.token);
    await expectLedgerHolds(s);
  });

  it('takes tax beyond the credit from the wallet, and owes what the wallet lacks', async () => {
    await settings({ tdsEnabled: true, tdsReferralYearlyThreshold: '1000', tdsReferralRatePercent: '2', tdsNoPanRatePercent: '40' });
    const referrer = await createActivatedUser(s, admin.token, admin.user.referralCode);
    await paidReferral(referrer);
    await paidReferral(referrer);
    expect((await withdraw(s, referrer.token, { amount: '750' })).status).toBe(201);
    // 40% of ₹1,200 = ₹480: the ₹400 credit, ₹50 from the wallet and ₹30 owed.
    await paidReferral(referrer);
    expect(await me(referrer)).toMatchObject({ walletBalance: '0.00', debt: '30.00' });
    const notes = (await s.api('GET', '/api/notifications', { token: referrer.token })).body.items;
    expect(notes.find((n: { kind: string }) => n.kind === 'tax_withheld').body).toBe(
      '₹480.00 income tax was withheld at source (section 194H, 40% of ₹1200.00, your rewards this year not taxed before): ₹400.00 from this credit, ₹50.00 from your wallet and ₹30.00 to be recovered from your next earnings.',
    );
    // The next reward: 40% of ₹400 = ₹160; the ₹30 owed is repaid first.
    await paidReferral(referrer);
    expect(await me(referrer)).toMatchObject({ walletBalance: '210.00', debt: '0.00' });
    await expectHistoryAddsUp(s, referrer.token);
    // The statement through the tax taken from the wallet and the debt repaid.
    const st = await expectStatementAddsUp(referrer);
    expect(st.lines.filter((l) => paise(l.debit) > 0).length).toBeGreaterThanOrEqual(2);
    await expectLedgerHolds(s);
    await settings({ tdsNoPanRatePercent: '20' });
  });

  it('a reversal of a taxed reward reverses its tax, and the year is as if it never came', async () => {
    await settings({ tdsEnabled: true, tdsReferralYearlyThreshold: '1000', tdsReferralRatePercent: '2', tdsNoPanRatePercent: '20' });
    const referrer = await createActivatedUser(s, admin.token, admin.user.referralCode);
    expect((await setPan(referrer, PAN_A, 'Meera Iyer')).status).toBe(200);
    await paidReferral(referrer);
    await paidReferral(referrer);
    const crossing = await paidReferral(referrer); // ₹24 on ₹1,200
    const last = await paidReferral(referrer); // ₹8 on ₹400
    expect(await me(referrer)).toMatchObject({ walletBalance: '1568.00' });
    const payable = paise((await ledger()).tds_payable!);

    // The last reward goes back: ₹392 reached the wallet, so ₹392 is taken, and its ₹8 leaves tds_payable.
    const res = await s.api('POST', `/api/admin/manual-payments/${last.proof.id}/reverse`, { token: admin.token, body: { reason: 'No credit in the bank statement' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ clawedBack: '392.00', recordedAsDebt: '0.00' });
    expect(await me(referrer)).toMatchObject({ walletBalance: '1176.00' });
    expect(paise((await ledger()).tds_payable!)).toBe(payable - 800);
    const history = (await s.api('GET', '/api/transactions', { token: referrer.token })).body;
    expect(history[0]).toMatchObject({ type: 'reversal', direction: 'debit', amount: '392.00', tax: { amount: '8.00', reversed: true } });
    const note = (await s.api('GET', '/api/notifications', { token: referrer.token })).body.items.find((n: { kind: string }) => n.kind === 'tax_reversed');
    expect(note.body).toMatch(/^The ₹8\.00 income tax withheld at source with your referral reward for .+ \(section 194H\) was reversed too: ₹392\.00 was taken back, not ₹400\.00\.$/);

    // The crossing reward goes back: its ₹24 (on the year's ₹1,200) is undone; ₹376 had reached the wallet.
    expect((await s.api('POST', `/api/admin/manual-payments/${crossing.proof.id}/reverse`, { token: admin.token, body: { reason: 'No credit in the bank statement' } })).status).toBe(200);
    expect(await me(referrer)).toMatchObject({ walletBalance: '800.00' });
    expect(paise((await ledger()).tds_payable!)).toBe(payable - 3200);
    expect((await s.api('GET', '/api/me/tax', { token: referrer.token })).body.year).toMatchObject({ rewards: '800.00', taxWithheld: '0.00' });
    // The report keeps each withholding and shows each reversal as a negative row naming it.
    const rows = await rowsOf('Meera Iyer');
    expect(rows.map((r) => [r[4], r[6]])).toEqual([
      ['1200.00', '24.00'],
      ['400.00', '8.00'],
      ['-400.00', '-8.00'],
      ['-1200.00', '-24.00'],
    ]);
    expect(rows[2]![10]).toMatch(/^Reverses the deduction of \d{2}\/\d{2}\/\d{4} \([0-9A-F]{10}\)$/);

    // The year crosses again at the next reward, taxing it whole once more.
    await paidReferral(referrer);
    expect(await me(referrer)).toMatchObject({ walletBalance: '1176.00' });
    await expectHistoryAddsUp(s, referrer.token);
    // The statement through two taxed rewards, their reversals and the crossing again.
    await expectStatementAddsUp(referrer);
    await expectLedgerHolds(s);
  });

  it('a prize above its threshold is taxed whole at the prize rate; one at the threshold is not', async () => {
    await settings({ tdsEnabled: true, referralsPerSpin: 1, tdsPrizeThreshold: '100', tdsReferralYearlyThreshold: '100000' });
    const winner = await createActivatedUser(s, admin.token, admin.user.referralCode);
    await paidReferral(winner);
    await paidReferral(winner);
    expect(await me(winner)).toMatchObject({ walletBalance: '800.00', spinsAvailable: 2 });
    // The default wheel pays ₹200: 30% of it (the prize rate is above the no-PAN rate).
    const spin = await s.api('POST', '/api/use-spin', { token: winner.token });
    expect(spin.status, JSON.stringify(spin.body)).toBe(200);
    expect(spin.body).toMatchObject({ prize: '200.00', newBalance: '940.00', tax: { amount: '60.00', section: '194B' } });
    const history = (await s.api('GET', '/api/transactions', { token: winner.token })).body;
    expect(history[0]).toMatchObject({ type: 'spin_reward', amount: '140.00', tax: { gross: '200.00', amount: '60.00', section: '194B', rate: '30' } });
    const notes = (await s.api('GET', '/api/notifications', { token: winner.token })).body.items;
    expect(notes.find((n: { kind: string }) => n.kind === 'tax_withheld').body).toBe('₹60.00 income tax was withheld at source from ₹200.00 (section 194B, 30% of ₹200.00).');

    await settings({ tdsPrizeThreshold: '200' });
    const untaxed = await s.api('POST', '/api/use-spin', { token: winner.token });
    expect(untaxed.body).toMatchObject({ prize: '200.00', newBalance: '1140.00' });
    expect(untaxed.body.tax).toBeUndefined();
    await settings({ referralsPerSpin: 5, tdsPrizeThreshold: '10000', tdsReferralYearlyThreshold: '1000' });
    await expectHistoryAddsUp(s, winner.token);
    await expectStatementAddsUp(winner);
    await expectLedgerHolds(s);
  });

  it('the quarter report adds up to tds_payable, and a deposit by challan moves it to tds_deposited', async () => {
    const before = await ledger();
    const rows = (await report()).slice(1);
    expect(rows.length).toBeGreaterThan(0);
    // Every withholding so far is this quarter's (the tests run within one), none deposited yet.
    expect(sumTax(rows)).toBe(paise(before.tds_payable!));
    expect(paise(before.tds_deposited!)).toBe(0);

    const summary = (await s.api('GET', `/api/admin/tax?fy=${fy}&quarter=${quarter}`, { token: admin.token })).body;
    expect(summary).toMatchObject({ fy, quarter, enabled: true, deposited: '0.00', outstanding: summary.net, ledger: { tdsPayable: before.tds_payable } });
    expect(paise(summary.net)).toBe(sumTax(rows));
    expect(summary.sections.map((x: { section: string }) => x.section)).toEqual(['194B', '194H']);
    expect((await s.api('GET', `/api/admin/tax?fy=${fy}&quarter=5`, { token: admin.token })).status).toBe(400);

    const deposit = (body: Record<string, unknown>) => s.api('POST', '/api/admin/tax/deposits', { token: admin.token, body: { fy, quarter, ...body } });
    const half = (paise(summary.outstanding) / 200).toFixed(2);
    const first = await deposit({ amount: half, bsrCode: '0510308', challanSerial: '123', depositedOn: '2026-05-07' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.deposits).toEqual([expect.objectContaining({ amount: half, bsrCode: '0510308', challanSerial: '00123', depositedOn: '2026-05-07', recordedBy: admin.user.username })]);
    expect((await deposit({ amount: '1', bsrCode: '0510308', challanSerial: '00123', depositedOn: '2026-05-07' })).status).toBe(409);
    const tooMuch = await deposit({ amount: summary.outstanding, bsrCode: '0510308', challanSerial: '124', depositedOn: '2026-06-07' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toBe(`This is more than the ₹${first.body.outstanding} the quarter has left to deposit`);
    expect((await deposit({ amount: first.body.outstanding, bsrCode: '05103', challanSerial: '124', depositedOn: '2026-06-07' })).body.fields).toHaveProperty('bsrCode');
    const second = await deposit({ amount: first.body.outstanding, bsrCode: '0510308', challanSerial: '124', depositedOn: '2026-06-07' });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ outstanding: '0.00', deposited: summary.net, ledger: { tdsPayable: '0.00', tdsDeposited: before.tds_payable } });

    // The report is the same rows; the ledger's tax is all deposited.
    expect(sumTax((await report()).slice(1))).toBe(paise(summary.net));
    const after = await ledger();
    expect(after).toMatchObject({ tds_payable: '0.00', tds_deposited: before.tds_payable });
    const activity = (await s.api('GET', '/api/admin/activity', { token: admin.token })).body.items;
    expect(activity[0]).toMatchObject({ action: 'tax.deposited', details: expect.objectContaining({ challanSerial: '00124' }) });
    await expectLedgerHolds(s);
  });

  it('the statement still adds up, and its CSV and PDF carry the yearly tax summary', async () => {
    await settings({ tdsTan: 'ZZZZ12345Z', tdsReferralYearlyThreshold: '1000', tdsReferralRatePercent: '2' });
    const referrer = await createActivatedUser(s, admin.token, admin.user.referralCode);
    expect((await setPan(referrer, PAN_A, 'Kiran Rao')).status).toBe(200);
    for (let i = 0; i < 4; i++) await paidReferral(referrer);
    expect((await withdraw(s, referrer.token, { amount: '500' })).status).toBe(201);
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const statement = (await s.api('GET', `/api/wallet/statement?from=${today}&to=${today}`, { token: referrer.token })).body;
    const cents = (v: string) => paise(v);
    expect(cents(statement.openingBalance) + cents(statement.totalCredits) - cents(statement.totalDebits)).toBe(cents(statement.closingBalance));
    expect(statement.closingBalance).toBe((await me(referrer)).walletBalance);
    expect(statement.lines.filter((l: { tax?: unknown }) => l.tax)).toHaveLength(2);

    const csv = await s.api('GET', `/api/wallet/statement.csv?from=${today}&to=${today}`, { token: referrer.token });
    expect(csv.body).toContain('(₹400.00 less ₹24.00 tax withheld at source, section 194H)');
    expect(csv.body).toMatch(/Tax withheld at source, financial year \d{4}-\d{2}: deducted by .+ \(TAN ZZZZ12345Z\), PAN ZZXXXXXX4Q/);
    expect(csv.body).toContain('Total: ₹32.00 withheld on ₹1600.00');

    const pdf = await fetch(`${s.url}/api/wallet/statement.pdf?from=${today}&to=${today}`, { headers: { authorization: `Bearer ${referrer.token}` } });
    expect(pdf.status).toBe(200);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: Buffer.from(await pdf.arrayBuffer()), encoding: 'utf8' });
    expect(text).toMatch(/Tax withheld at source, financial year \d{4}-\d{2}/);
    expect(text).toContain('This summary is not Form 16A');
    expect(text).toContain('ZZXXXXXX4Q');
    await expectLedgerHolds(s);
  });

  it('the PAN is in the data export, leaves with erasure, and the tax withheld against it stays reported', async () => {
    const referrer = await createActivatedUser(s, admin.token, admin.user.referralCode);
    expect((await setPan(referrer, PAN_B, 'Sunil Das')).status).toBe(200);
    for (let i = 0; i < 3; i++) await paidReferral(referrer);
    const exported = (await s.api('GET', '/api/me/export', { token: referrer.token })).body;
    expect(exported.tax).toMatchObject({
      pan: { pan: PAN_B, nameOnPan: 'Sunil Das' },
      years: [{ referralRewards: '1200.00' }],
      withholdings: [{ kind: 'referral', section: '194H', rate: '2', credit: '400.00', taxedOn: '1200.00', tax: '24.00', withPan: true }],
    });
    // Empty the wallet, then delete the account.
    expect((await withdraw(s, referrer.token, { amount: '1176' })).status).toBe(201);
    const w = (await s.api('GET', '/api/admin/withdrawals?status=pending', { token: admin.token })).body.items.find((x: { userId: string }) => x.userId === referrer.user.id);
    expect((await s.api('PUT', `/api/admin/withdrawals/${w.id}`, { token: admin.token, body: { status: 'approved', payoutReference: 'UTR123456789', version: w.version } })).status).toBe(200);
    const erased = await s.api('DELETE', '/api/me', { token: referrer.token, body: { password: referrer.password } });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    const left = (await s.database.db.execute(`select count(*)::int as n from user_pans where user_id = '${referrer.user.id}'`) as unknown as { rows: { n: number }[] }).rows;
    expect(left[0]!.n).toBe(0);
    expect((await rowsOf('Sunil Das')).map((r) => [r[0], r[6]])).toEqual([[PAN_B, '24.00']]);
    await expectLedgerHolds(s);
  });

  it('the tax settings are guard rails: with two Super Admins a change waits for the other', async () => {
    const second = await inviteAdmin(s, admin.token, 'super_admin');
    const res = await s.api('PUT', '/api/admin/settings', { token: admin.token, body: { tdsEnabled: false, tdsTan: 'ZZZZ54321Y' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ tdsEnabled: true, tdsTan: 'ZZZZ54321Y', proposed: { changes: { tdsEnabled: { from: true, to: false } } } });
    expect((await s.api('PUT', '/api/admin/settings', { token: admin.token, body: { tdsReferralRatePercent: '101' } })).body.fields).toHaveProperty('tdsReferralRatePercent');
    expect((await s.api('PUT', '/api/admin/settings', { token: admin.token, body: { tdsReferralSection: 'H194' } })).status).toBe(400);
    const confirmed = await s.api('POST', `/api/admin/settings/proposals/${res.body.proposed.id}/confirm`, { token: second.token });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.tdsEnabled).toBe(false);
    // The role guard keeps a reviewer out of the tax tab.
    const reviewer = await inviteAdmin(s, admin.token, 'reviewer', { withTwoFactor: true });
    expect((await s.api('GET', `/api/admin/tax?fy=${fy}&quarter=${quarter}`, { token: reviewer.token })).status).toBe(403);
  });

  // Last: the key changes under the server.
  it('rotating SECRETS_KEY re-seals every PAN, on profiles and on withholdings', async () => {
    const newKey = randomBytes(32);
    await rotateSecretsKey(s.database.db, s.ctx.secretsKey, newKey, new Date());
    const sealed = (await s.database.db.execute(
      `select user_id::text, sealed from user_pans union all select user_id::text, pan_sealed from tax_withholdings where pan_sealed is not null`,
    )) as unknown as { rows: { user_id: string; sealed: string }[] };
    expect(sealed.rows.length).toBeGreaterThan(3);
    for (const row of sealed.rows) {
      expect(openPan(newKey, row.user_id, row.sealed).pan).toMatch(/^ZZ/);
      expect(() => openPan(s.ctx.secretsKey, row.user_id, row.sealed)).toThrow();
    }
  });
});
