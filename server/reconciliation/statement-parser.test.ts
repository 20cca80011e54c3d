import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readCsvRecords } from './csv-reader.ts';
import { extractUtr } from './extract-utr.ts';
import { parseStatement, type StatementParseResult, type StatementRow } from './statement-parser.ts';
import { parseStatementAmount, parseStatementDate } from './statement-values.ts';
import type { StatementColumnMapping } from './statement-layouts.ts';
import { formatIndianAmount, generateStatement, GENERATED_CUSTOM_MAPPING } from './fixtures/generate-statement.ts';

const fixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

function parsed(result: StatementParseResult): Extract<StatementParseResult, { status: 'parsed' }> {
  if (result.status !== 'parsed') throw new Error(`expected a parsed statement, got ${JSON.stringify(result)}`);
  return result;
}

/** [line, date, credit, debit, utr] per row: the whole of what matching relies on. */
const summary = (rows: readonly StatementRow[]): [number, string, bigint, bigint, string | null][] =>
  rows.map((r) => [r.line, r.date, r.creditPaise, r.debitPaise, r.utr]);

describe('bank statement fixtures', () => {
  it('HDFC: XLS-as-CSV with CRLF, preamble, a star separator, quoted narrations and a summary footer', () => {
    const result = parsed(parseStatement(fixture('hdfc.csv')));
    expect(result.layout).toBe('hdfc');
    expect(result.bank).toBe('hdfc');
    expect(result.headerLine).toBe(11);
    expect(result.problems).toEqual([]);
    expect(summary(result.rows)).toEqual([
      [13, '2026-09-01', 50000n, 0n, '412345678901'],
      [14, '2026-09-01', 15000000n, 0n, null],
      [15, '2026-09-02', 50000n, 0n, '412345678902'],
      [16, '2026-09-02', 0n, 500000n, null],
      [17, '2026-09-03', 45000n, 0n, '412345678903'],
      [18, '2026-09-03', 0n, 124950n, null],
      [19, '2026-09-04', 0n, 200000n, '412345678999'],
      // A narration over two lines: the row starts on line 20 and the next one on 22.
      [20, '2026-09-05', 50000n, 0n, '412345678904'],
      [22, '2026-09-05', 50000n, 0n, null],
    ]);
    expect(result.rows[2]?.narration).toBe('UPI-RAVI KUMAR, JR-RAVI.K@YBL-YESB0YBLUPI-412345678902-JOINING FEE');
    expect(result.rows[4]?.narration).toContain('PRIYA "PINKY" NAIR');
    expect(result.rows[7]?.narration).toMatch(/ACTIVATION SENT FROM PHONEPE$/);
    expect(result.rows[0]?.reference).toBe('0000412345678901');
  });

  it('SBI: tab separated, "1 Sep 2026" dates, blank cells as a space, a 13-digit account in the reference', () => {
    const result = parsed(parseStatement(fixture('sbi.csv')));
    expect(result.layout).toBe('sbi');
    expect(result.headerLine).toBe(19);
    expect(result.problems).toEqual([]);
    expect(summary(result.rows)).toEqual([
      [20, '2026-09-01', 50000n, 0n, '412345678911'],
      [21, '2026-09-01', 0n, 125000n, '412345678919'],
      [22, '2026-09-02', 12500000n, 0n, null],
      [23, '2026-09-02', 50000n, 0n, '412345678912'],
      [24, '2026-09-03', 0n, 1000000n, null],
      [25, '2026-09-04', 50000n, 0n, '412345678913'],
      [26, '2026-09-05', 50000n, 0n, null],
      [27, '2026-09-05', 61200n, 0n, null],
    ]);
  });

  it('ICICI: a byte order mark, CRLF, an empty first column, "-" for no cheque and a legend footer', () => {
    const result = parsed(parseStatement(fixture('icici.csv')));
    expect(result.layout).toBe('icici');
    expect(result.problems).toEqual([]);
    expect(summary(result.rows)).toEqual([
      [12, '2026-09-01', 50000n, 0n, '412345678921'],
      [13, '2026-09-01', 0n, 1500000n, '412345678929'],
      [14, '2026-09-02', 25000000n, 0n, null],
      [15, '2026-09-02', 50000n, 0n, '412345678922'],
      [16, '2026-09-03', 0n, 300000n, null],
      [17, '2026-09-04', 50000n, 0n, '412345678923'],
      [18, '2026-09-05', 1234567n, 0n, null],
    ]);
    expect(result.rows[0]?.reference).toBeNull();
    expect(result.rows[6]?.reference).toBe('000321');
  });

  it('Axis: DR/CR columns, an opening balance row without a date and totals after the rows', () => {
    const result = parsed(parseStatement(fixture('axis.csv')));
    expect(result.layout).toBe('axis');
    expect(result.problems).toEqual([]);
    expect(summary(result.rows)).toEqual([
      [14, '2026-09-01', 50000n, 0n, '412345678931'],
      [15, '2026-09-02', 0n, 45000n, '412345678939'],
      [16, '2026-09-02', 10000000n, 0n, null],
      [17, '2026-09-03', 50000n, 0n, '412345678932'],
      [18, '2026-09-03', 0n, 2500000n, null],
      [19, '2026-09-04', 0n, 200000n, null],
      [20, '2026-09-05', 100000n, 0n, '412345678933'],
    ]);
  });

  it('Kotak: one amount column with its Dr / Cr (not the balance one), dates with a time of day', () => {
    const result = parsed(parseStatement(fixture('kotak.csv')));
    expect(result.layout).toBe('kotak');
    expect(result.bank).toBe('kotak');
    expect(result.headerLine).toBe(12);
    expect(result.problems).toEqual([]);
    expect(summary(result.rows)).toEqual([
      [13, '2026-09-01', 50000n, 0n, '412345678941'],
      [14, '2026-09-01', 0n, 120000n, '412345678949'],
      [15, '2026-09-02', 32500000n, 0n, null],
      [16, '2026-09-03', 50000n, 0n, '412345678942'],
      [17, '2026-09-03', 0n, 500000n, null],
      [18, '2026-09-04', 50000n, 0n, '412345678943'],
      [19, '2026-09-05', 50000n, 0n, '412345678944'],
    ]);
  });

  it('an unknown bank asks for a mapping, naming the header row and its columns', () => {
    expect(parseStatement(fixture('unknown-bank.csv'))).toEqual({
      status: 'mapping-needed',
      reason: 'unknown-header',
      headerLine: 8,
      columns: ['Txn Posted Date', 'Transaction Particulars', 'Ref / UTR No', 'Withdrawals', 'Deposits', 'Available Balance'],
      missingColumns: [],
    });
  });

  it('the unknown bank with its mapping: ; separated, dotted dates, and bad lines reported, not fatal', () => {
    const result = parsed(parseStatement(fixture('unknown-bank.csv'), GENERATED_CUSTOM_MAPPING));
    expect(result.layout).toBe('custom');
    expect(summary(result.rows)).toEqual([
      [9, '2026-09-01', 50000n, 0n, '412345678951'],
      [10, '2026-09-02', 12345678n, 0n, null],
      [11, '2026-09-02', 50000n, 0n, '412345678952'],
      [12, '2026-09-03', 0n, 2000000n, null],
      [15, '2026-09-05', 50000n, 0n, '412345678955'],
    ]);
    expect(result.problems).toEqual([
      { line: 13, kind: 'date', value: '31.09.2026' },
      { line: 14, kind: 'amount', value: '12.345' },
    ]);
  });
});

describe('column mappings', () => {
  const text = ['Bank of Samples', 'Posted,Details,Amt,Side', '05/09/2026,UPI/412345678901/A,500.00,C', '06/09/2026,ATM,200,D', ''].join('\n');

  it('reads one amount column with an indicator of its own', () => {
    const mapping = { date: 'Posted', narration: 'Details', amount: 'Amt', creditDebitIndicator: 'Side' };
    expect(summary(parsed(parseStatement(text, mapping)).rows)).toEqual([
      [3, '2026-09-05', 50000n, 0n, '412345678901'],
      [4, '2026-09-06', 0n, 20000n, null],
    ]);
  });

  it('without an indicator, a negative or Dr-marked amount is a debit; month-first dates when told', () => {
    const signed = ['Posted,Details,Amt', '09/05/2026,IN,500.00', '09/06/2026,OUT,-200.00', '09/07/2026,OUT,75.00 Dr', ''].join('\n');
    const mapping: StatementColumnMapping = { date: 'posted', narration: 'DETAILS', amount: 'amt', dateFormat: 'month-first' };
    expect(summary(parsed(parseStatement(signed, mapping)).rows)).toEqual([
      [2, '2026-09-05', 50000n, 0n, null],
      [3, '2026-09-06', 0n, 20000n, null],
      [4, '2026-09-07', 0n, 7500n, null],
    ]);
  });

  it('an unknown or contradicting Dr/Cr marker is a problem for that line only', () => {
    const odd = ['Posted,Details,Amt,Side', '05/09/2026,A,500.00,X', '05/09/2026,B,500.00 Dr,CR', '05/09/2026,C,1.00,CR', ''].join('\n');
    const result = parsed(parseStatement(odd, { date: 'Posted', narration: 'Details', amount: 'Amt', creditDebitIndicator: 'Side' }));
    expect(result.problems).toEqual([
      { line: 2, kind: 'dr-cr', value: 'X' },
      { line: 3, kind: 'dr-cr', value: 'CR' },
    ]);
    expect(result.rows).toHaveLength(1);
  });

  it('says which mapped columns the file lacks, or that the mapping names no amount', () => {
    expect(parseStatement(text, { date: 'Posted', narration: 'Details', credit: 'Deposits', debit: 'Amt' })).toEqual({
      status: 'mapping-needed',
      reason: 'mapping-not-found',
      headerLine: 2,
      columns: ['Posted', 'Details', 'Amt', 'Side'],
      missingColumns: ['Deposits'],
    });
    expect(parseStatement(text, { date: 'Posted', narration: 'Details' })).toMatchObject({
      status: 'mapping-needed',
      reason: 'mapping-without-amount',
    });
  });

  it('a file with no header-like row at all still answers, with nothing to map', () => {
    expect(parseStatement('just some text\n1,2\n')).toEqual({
      status: 'mapping-needed',
      reason: 'unknown-header',
      headerLine: null,
      columns: [],
      missingColumns: [],
    });
  });
});

describe('statement rows', () => {
  const hdfcHeader = 'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance';

  it('recognises header spelling variants and a ; separated export of a known bank', () => {
    const delimited =
      ' Date     ,Narration                    ,Value Dat,Debit Amount       ,Credit Amount      ,Chq/Ref Number   ,Closing Balance\n' +
      ' 05/09/26 ,UPI-A-A@YBL-YESB0YBLUPI-412345678901-X ,05/09/26 ,        0.00  ,     500.00  ,0000412345678901 ,  1500.00\n';
    const result = parsed(parseStatement(delimited));
    expect(result.layout).toBe('hdfc');
    expect(summary(result.rows)).toEqual([[2, '2026-09-05', 50000n, 0n, '412345678901']]);

    const semicolon = 'TXN DATE;VALUE DATE;DESCRIPTION;REF NO./CHEQUE NO.;DEBIT;CREDIT;BALANCE\n5 Sep 2026;5 Sep 2026;BY TRANSFER;;;1,500.00;9,999.00\n';
    const sbi = parsed(parseStatement(semicolon));
    expect(sbi.layout).toBe('sbi');
    expect(sbi.rows[0]?.creditPaise).toBe(150000n);
  });

  it('reads the same rows from LF and CRLF files', () => {
    const lf = `${hdfcHeader}\n05/09/26,"A\nB",,05/09/26,,500.00,1.00\n06/09/26,C,,06/09/26,1.00,,0.00\n`;
    const crlf = lf.replaceAll('\n', '\r\n');
    expect(parsed(parseStatement(crlf)).rows).toEqual(parsed(parseStatement(lf)).rows);
    expect(summary(parsed(parseStatement(lf)).rows).map((r) => r[0])).toEqual([2, 4]);
  });

  it('reports a negative credit, an unreadable amount and a row with no amount, and keeps the rest', () => {
    const text = [
      hdfcHeader,
      '05/09/26,A,,05/09/26,,-500.00,1.00',
      '05/09/26,B,,05/09/26,,5OO.00,1.00',
      '05/09/26,C,,05/09/26,,,1.00',
      '05/09/26,D,,05/09/26,-20.00,,1.00',
      '',
    ].join('\n');
    const result = parsed(parseStatement(text));
    expect(result.problems).toEqual([
      { line: 2, kind: 'amount', value: '-500.00' },
      { line: 3, kind: 'amount', value: '5OO.00' },
      { line: 4, kind: 'no-amount', value: '' },
    ]);
    // Exports that print withdrawals negative still read as a debit of the amount.
    expect(summary(result.rows)).toEqual([[5, '2026-09-05', 0n, 2000n, null]]);
  });

  it('reports a quote that never closes instead of losing the rest silently', () => {
    const text = `${hdfcHeader}\n05/09/26,A,,05/09/26,,500.00,1.00\n06/09/26,"B,,06/09/26,,500.00,1.00\n07/09/26,C,,07/09/26,,500.00,1.00\n`;
    const result = parsed(parseStatement(text));
    expect(result.rows.map((r) => r.line)).toEqual([2]);
    expect(result.problems).toEqual([{ line: 3, kind: 'unterminated-quote', value: '' }]);
  });
});

describe('CSV records', () => {
  const cells = (text: string, delimiter: ',' | ';' | '\t' = ','): string[][] =>
    readCsvRecords(text, delimiter).records.map((r) => r.cells);

  it('follows RFC 4180 quoting', () => {
    expect(cells('a,"b,c","say ""hi""",,"line\r\nbreak"\r\nx')).toEqual([
      ['a', 'b,c', 'say "hi"', '', 'line\r\nbreak'],
      ['x'],
    ]);
    expect(cells('"",""""\n')).toEqual([['', '"']]);
  });

  it('keeps the start line of each record, strips a BOM and takes LF, CRLF or a lone CR', () => {
    const result = readCsvRecords('\uFEFFh1,h2\r\n"a\nb",c\rlast,', ',');
    expect(result.records).toEqual([
      { line: 1, cells: ['h1', 'h2'] },
      { line: 2, cells: ['a\nb', 'c'] },
      { line: 4, cells: ['last', ''] },
    ]);
    expect(result.unterminatedQuoteLine).toBeNull();
  });

  it('is lenient where exports are: padding before a quote, a quote mid-field, other delimiters', () => {
    expect(cells('  "1,500.00" ,x"y,z')).toEqual([['1,500.00 ', 'x"y', 'z']]);
    expect(cells('a;"b;c";d', ';')).toEqual([['a', 'b;c', 'd']]);
    expect(cells('a\t b\t"c\td"', '\t')).toEqual([['a', ' b', 'c\td']]);
    expect(readCsvRecords('a,"open\nb', ',').unterminatedQuoteLine).toBe(1);
  });
});

describe('amounts', () => {
  it.each([
    ['1,500.00', 150000n],
    ['1,23,456.78', 12345678n],
    ['12,34,56,789.01', 12345678901n],
    ['123,456,789.10', 12345678910n],
    ['500', 50000n],
    ['500.5', 50050n],
    [' 500.00 ', 50000n],
    ['500.00 Cr', 50000n],
    ['500.00(Dr)', 50000n],
    ['₹ 1,000', 100000n],
    ['Rs. 20.05', 2005n],
    ['0.00', 0n],
    ['99999999999999.99', 9999999999999999n],
  ])('%j is %s paise', (text, paise) => {
    expect(parseStatementAmount(text)).toMatchObject({ kind: 'amount', paise });
  });

  it('keeps the sign and the Cr/Dr marker apart from the amount', () => {
    expect(parseStatementAmount('-1,000.50')).toEqual({ kind: 'amount', paise: 100050n, negative: true, marker: null });
    expect(parseStatementAmount('500.00 Cr')).toEqual({ kind: 'amount', paise: 50000n, negative: false, marker: 'cr' });
  });

  it.each(['', '  ', '-', '--'])('%j is an empty cell', (text) => {
    expect(parseStatementAmount(text)).toEqual({ kind: 'empty' });
  });

  it.each(['1,5', '1,50,0.00', '12.345', '.50', 'abc', '1 500', '500.00 XYZ', '1e3'])('%j is refused', (text) => {
    expect(parseStatementAmount(text)).toEqual({ kind: 'invalid' });
  });

  it('reads back every amount written with Indian or Western grouping, exactly', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (paise) => {
        const indian = formatIndianAmount(paise);
        const western = indian.replaceAll(',', '').replace(/\B(?=(\d{3})+\.)/g, ',');
        expect(parseStatementAmount(indian)).toMatchObject({ kind: 'amount', paise });
        expect(parseStatementAmount(western)).toMatchObject({ kind: 'amount', paise });
      }),
    );
  });
});

describe('dates', () => {
  it.each([
    ['05/09/2026', '2026-09-05'],
    ['05-09-2026', '2026-09-05'],
    ['05/09/26', '2026-09-05'],
    ['5/9/26', '2026-09-05'],
    ['05.09.2026', '2026-09-05'],
    ['05-Sep-2026', '2026-09-05'],
    ['05-SEPT-26', '2026-09-05'],
    ['05 Sep 2026', '2026-09-05'],
    ['5 September 2026', '2026-09-05'],
    ['2026-09-05', '2026-09-05'],
    ['06-09-2026 22:04:25', '2026-09-06'],
    ['06/09/2026 10:04 PM', '2026-09-06'],
    ['29/02/2028', '2028-02-29'],
  ])('%j is %s', (text, iso) => {
    expect(parseStatementDate(text)).toBe(iso);
  });

  it('reads numeric dates month first only when told', () => {
    expect(parseStatementDate('09/05/2026', 'month-first')).toBe('2026-09-05');
    expect(parseStatementDate('05-Sep-2026', 'month-first')).toBe('2026-09-05');
  });

  it.each(['31/09/2026', '29/02/2026', '13/13/2026', '00/01/2026', '05-Sop-2026', '2026-13-01', '05/09/226', 'Opening Balance', ''])(
    '%j is no date',
    (text) => {
      expect(parseStatementDate(text)).toBeNull();
    },
  );
});

describe('UTR extraction', () => {
  it.each([
    ['UPI/CR/412345678901/ASHA VERMA/HDFC/asha@okhdfcbank/Payment', '412345678901'],
    ['UPI-ASHA VERMA-ASHA@OKHDFCBANK-HDFC0000123-412345678901-ACTIVATION', '412345678901'],
    ['BY TRANSFER-UPI/CR/412345678901/ASHA/SBIN/asha@oksbi/Pay', '412345678901'],
    ['UPI/412345678901/Payment from Asha/asha@ybl/ICICI Bank', '412345678901'],
    ['UPI/P2A/412345678901/ASHA VERMA/HDFC BANK/...', '412345678901'],
    ['UPI/ASHA VERMA/412345678901/Payment', '412345678901'],
  ])('finds it in %j', (narration, utr) => {
    expect(extractUtr(narration, null)).toBe(utr);
  });

  it.each([
    ['a 16-digit account number', 'NEFT CR-1234567890123456-ASHA VERMA'],
    ['an IFSC', 'NEFT CR-HDFC0000123-ASHA VERMA'],
    ['a 10-digit phone number', 'DEP TFR 9876543210 ASHA'],
    ['a 13-digit run', 'TRANSFER FROM 3199412345678'],
    ['digits glued to letters', 'IMPS412345678901 ASHA'],
    ['a UPI handle', 'UPI payment from 412345678901@ybl'],
    ['no digits at all', 'CASH DEPOSIT'],
  ])('finds none in %s', (_what, narration) => {
    expect(extractUtr(narration, null)).toBeNull();
  });

  it('prefers a 12-digit reference cell, then a number after a UPI segment, then the reference text', () => {
    expect(extractUtr('UPI/CR/412345678901/ASHA', '512345678902')).toBe('512345678902');
    expect(extractUtr('REF 612345678903 UPI/CR/412345678901/ASHA', null)).toBe('412345678901');
    expect(extractUtr('REF 612345678903 AND 712345678904', null)).toBe('612345678903');
    expect(extractUtr('UPI/ASHA/412345678901/X', 'UPI-512345678902')).toBe('412345678901');
    expect(extractUtr('NEFT INWARD', 'UPI-512345678902')).toBe('512345678902');
    expect(extractUtr('NEFT INWARD', '0000412345678901')).toBeNull();
  });
});

describe('generated statements', () => {
  const credits = Array.from({ length: 250 }, (_, i) => ({ utr: String(412300000000 + i * 7), amountPaise: 50000n + BigInt(i % 3) }));

  // Their speed is the bench's to measure (BENCH_ONLY=reconcile); a unit test checks the result.
  it.each(['hdfc', 'sbi', 'icici', 'axis', 'kotak', 'custom'] as const)('10,000 %s rows parse exactly', (layout) => {
    const text = generateStatement({ layout, transactions: 10_000, credits, seed: 7 });
    const result = parsed(parseStatement(text, layout === 'custom' ? GENERATED_CUSTOM_MAPPING : undefined));
    expect(result.layout).toBe(layout);
    expect(result.problems).toEqual([]);
    expect(result.rows).toHaveLength(10_000);
    const planted = new Set(credits.map((c) => c.utr));
    const found = result.rows.filter((r) => r.creditPaise > 0n && r.utr !== null && planted.has(r.utr)).map((r) => ({ utr: r.utr, amountPaise: r.creditPaise }));
    expect(found).toEqual(credits);
  });
});
