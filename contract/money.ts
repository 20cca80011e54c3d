// Money at the edges: the database and services count integer paise (bigint); the API speaks
// rupee strings with two decimals ("400.00"). Every conversion goes through this module so
// a float never touches an amount.
import { z } from 'zod';
import { text } from './text.ts';

export { formatPaise, parseRupees, rupeesToPaise } from './rupees.ts';

/** A rupee amount as the API speaks it: "400.00". */
export const MoneySchema = text().regex(/^-?\d+\.\d{2}$/);

/** An amount as a client may send it: a number or a decimal string, at most 2 decimals. */
export const AmountInputSchema = z.union([text(), z.number()]);
