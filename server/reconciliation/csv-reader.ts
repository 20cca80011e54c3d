// Splits delimited text into records by RFC 4180, keeping the file line each record starts on so a
// problem in a bank statement can be pointed at. Knows nothing of banks or columns.

export type CsvRecord = { line: number; cells: string[] };

export type CsvReadResult = {
  records: CsvRecord[];
  /** Line where a quoted field opened and never closed: its record and the rest of the file are not read. */
  unterminatedQuoteLine: number | null;
};

/** Comma, tab and semicolon exports, and the pipe or tilde of some banks' "delimited TXT". */
export const CSV_DELIMITERS = [',', '\t', ';', '|', '~'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

const QUOTE = 34;
const LF = 10;
const CR = 13;
const SPACE = 32;
const TAB = 9;

/**
 * Lenient where exporters are sloppy: spaces before an opening quote are dropped (padded exports
 * quote after the padding), text after a closing quote is kept, and a quote inside an unquoted
 * field is an ordinary character. Record ends are LF, CRLF or a lone CR.
 */
export function readCsvRecords(text: string, delimiter: CsvDelimiter): CsvReadResult {
  const delim = delimiter.charCodeAt(0);
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const length = source.length;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let line = 1;
  let recordLine = 1;
  let i = 0;

  const endRecord = (): void => {
    records.push({ line: recordLine, cells });
    cells = [];
  };

  while (i < length) {
    // One field per iteration; i is at the field's first character.
    let tailStart = i;
    let value = '';
    let p = i;
    while (p < length && (source.charCodeAt(p) === SPACE || (delim !== TAB && source.charCodeAt(p) === TAB))) p++;
    if (p < length && source.charCodeAt(p) === QUOTE) {
      const openedOn = line;
      let j = p + 1;
      let chunkStart = j;
      let closed = false;
      while (j < length) {
        const c = source.charCodeAt(j);
        if (c === QUOTE) {
          if (source.charCodeAt(j + 1) === QUOTE) {
            value += source.slice(chunkStart, j + 1);
            j += 2;
            chunkStart = j;
            continue;
          }
          value += source.slice(chunkStart, j);
          closed = true;
          j++;
          break;
        }
        if (c === LF || (c === CR && source.charCodeAt(j + 1) !== LF)) line++;
        j++;
      }
      if (!closed) return { records, unterminatedQuoteLine: openedOn };
      tailStart = j;
    }
    // Unquoted text, or whatever follows a closing quote, up to the delimiter or the record end.
    let k = tailStart;
    while (k < length) {
      const c = source.charCodeAt(k);
      if (c === delim || c === LF || c === CR) break;
      k++;
    }
    cells.push(value + source.slice(tailStart, k));
    if (k >= length) {
      endRecord();
      break;
    }
    const stop = source.charCodeAt(k);
    if (stop === delim) {
      i = k + 1;
      // A delimiter as the very last character still ends one more (empty) field.
      if (i >= length) {
        cells.push('');
        endRecord();
      }
      continue;
    }
    i = stop === CR && source.charCodeAt(k + 1) === LF ? k + 2 : k + 1;
    endRecord();
    line++;
    recordLine = line;
  }
  return { records, unterminatedQuoteLine: null };
}
