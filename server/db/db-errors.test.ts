import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm';
import { isDatabaseUnavailable } from './db-errors.ts';

const socketError = (code: string) => Object.assign(new Error(`read ${code}`), { code });
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });

describe('isDatabaseUnavailable', () => {
  it('counts what came from the database: server codes, pg connection messages, socket errors under a query', () => {
    expect(isDatabaseUnavailable(pgError('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], pgError('57P03', 'the database system is starting up')))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], socketError('ECONNREFUSED')))).toBe(true);
  });

  it('does not count a socket error of anything else, nor a request the database refused', () => {
    expect(isDatabaseUnavailable(socketError('ECONNRESET'))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }))).toBe(false);
    expect(isDatabaseUnavailable(new DrizzleQueryError('insert', [], Object.assign(new Error('duplicate'), { code: '23505', severity: 'ERROR' })))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('not a pg error'), { code: '57P01' }))).toBe(false);
  });
});
