// A stand-in for RazorpayX Payouts in tests: a real HTTP server on 127.0.0.1 that checks Basic auth
// and the X-Payout-Idempotency header, validates the composite POST /v1/payouts as RazorpayX
// documents it (fund account and contact inline, one business account number), keeps payouts in
// memory and answers in RazorpayX's shapes (payout entities with status_details, errors as
// `{error:{code,description,source,step,reason,field}}`). Like RazorpayX it answers a repeated key
// with the payout it made the first time, and refuses the key with a different body. Test controls
// stand in for the bank and RazorpayX (settle a payout, send its signed webhook), for a business
// account short of money (lowBalance, addFunds), and for faults: an outage (failNext: a 500, no
// answer at all, or a 500 after the payout was made), a refusal (refuseNext), a slow answer
// (delayNext), and a hook between making a payout and answering (onNextCreate: where a test kills
// the caller). Every request is recorded with its key and body. Data here is made up.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakePayoutStatus = 'queued' | 'pending' | 'processing' | 'processed' | 'reversed' | 'failed' | 'rejected' | 'cancelled';

export interface FakeContact {
  id: string;
  entity: 'contact';
  name: string;
  contact: string | null;
  email: string | null;
  type: string;
  reference_id: string | null;
  batch_id: null;
  active: true;
  notes: [];
  created_at: number;
}

export interface FakeFundAccount {
  id: string;
  entity: 'fund_account';
  contact_id: string;
  contact: FakeContact;
  account_type: 'vpa' | 'bank_account';
  vpa?: { username: string; handle: string; address: string };
  bank_account?: { ifsc: string; bank_name: string; name: string; notes: []; account_number: string };
  batch_id: null;
  active: true;
  created_at: number;
}

export interface StatusDetails {
  description: string;
  source: string;
  reason: string;
}

export interface FakePayout {
  id: string;
  entity: 'payout';
  fund_account_id: string;
  amount: number;
  currency: 'INR';
  notes: Record<string, string> | [];
  fees: number;
  tax: number;
  status: FakePayoutStatus;
  purpose: string;
  utr: string | null;
  mode: string;
  reference_id: string | null;
  narration: string | null;
  batch_id: null;
  /** The older field RazorpayX still sends beside status_details. */
  failure_reason: string | null;
  status_details: StatusDetails | null;
  created_at: number;
  fee_type: string;
}

export interface FakePayoutRequest {
  method: string;
  /** Path with its query string. */
  url: string;
  authorized: boolean;
  idempotencyKey: string | null;
  body: Record<string, unknown> | null;
  /** When it arrived (ms since the epoch, this machine's clock). */
  at: number;
}

export interface SendPayoutWebhookOptions {
  secret: string;
  /** The x-razorpay-event-id header; a fresh one by default. Reuse one to simulate a redelivery. */
  eventId?: string;
  /** Sign the genuine body, then send one whose status was changed afterwards. */
  tamper?: boolean;
  /** A signature made with another secret. */
  wrongSecret?: boolean;
}

export interface FakeRazorpayX {
  url: string;
  keyId: string;
  keySecret: string;
  accountNumber: string;
  /** Every payout made, oldest first (the live objects: settle() changes them). */
  payouts: readonly FakePayout[];
  requests: readonly FakePayoutRequest[];
  /** The create calls (POST /v1/payouts) received, answered or not. */
  createRequests(): FakePayoutRequest[];
  payout(id: string): FakePayout;
  /** The bank's or RazorpayX's verdict on a payout; returns a copy of it as it now is. */
  settle(payoutId: string, status: 'processed' | 'reversed' | 'failed' | 'rejected' | 'cancelled', details?: Partial<StatusDetails>): FakePayout;
  /** POSTs a RazorpayX-shaped, signed `payout.*` event about `payout` to `targetUrl`. */
  sendWebhook(targetUrl: string, eventName: string, payout: FakePayout, options: SendPayoutWebhookOptions): Promise<{ status: number; body: string; eventId: string }>;
  /** While on, new payouts wait in `queued` for the business account's balance. */
  lowBalance(on: boolean): void;
  /** Money arrives: every queued payout starts processing; returns them. */
  addFunds(): FakePayout[];
  /** The next `count` API requests answer 500, never answer (`hang`), or make the payout and then answer 500 (`error_after_create`). */
  failNext(count: number, mode?: 'error' | 'hang' | 'error_after_create'): void;
  /** The next `count` payout requests are refused with a 400 (nothing is made). */
  refuseNext(count: number, description?: string): void;
  /** The next answer comes `ms` later. */
  delayNext(ms: number): void;
  /** Runs `before` after the next payout is made and before the fake answers the call. */
  onNextCreate(before: (payout: FakePayout) => Promise<void>): void;
  close(): Promise<void>;
}

type Answer = { status: number; body: unknown };

const ACCOUNT_ID = 'acc_FakeRazorpayX01';
const MAX_PAGE = 100;
const IMPS_MAX = 5_00_000_00;
const RTGS_MIN = 2_00_000_00;
const CONTACT_TYPES = ['vendor', 'customer', 'employee', 'self'];
const PURPOSES = ['refund', 'cashback', 'payout', 'salary', 'utility bill', 'vendor bill'];
const BANK_NAMES: Record<string, string> = { HDFC: 'HDFC Bank', ICIC: 'ICICI Bank', SBIN: 'State Bank of India', UTIB: 'Axis Bank', KKBK: 'Kotak Mahindra Bank' };

const PROCESSING: StatusDetails = {
  description: 'Payout is being processed by our partner bank. Please check the final status after some time',
  source: 'beneficiary_bank',
  reason: 'payout_bank_processing',
};
const LOW_BALANCE: StatusDetails = {
  description: 'Payout is queued as there is insufficient balance in your business account to process the payout',
  source: 'business',
  reason: 'low_balance',
};
const FINAL_DETAILS: Record<'processed' | 'reversed' | 'failed' | 'rejected' | 'cancelled', StatusDetails> = {
  processed: { description: 'Payout is processed and the money has been credited into the beneficiaries account', source: 'beneficiary_bank', reason: 'payout_processed' },
  reversed: { description: 'Payout failed as the beneficiary account is closed. Please retry with correct account details', source: 'beneficiary_bank', reason: 'beneficiary_account_closed' },
  failed: { description: 'Payout failed as the beneficiary bank is down. Please retry after some time', source: 'beneficiary_bank', reason: 'beneficiary_bank_down' },
  rejected: { description: 'Payout rejected by beneficiary bank. Please contact beneficiary bank', source: 'beneficiary_bank', reason: 'beneficiary_bank_rejected' },
  cancelled: { description: 'Payout was cancelled by the user', source: 'business', reason: 'cancelled_by_user' },
};

/** `answerDelayMs`: every answer waits this long (the benchmark's stand-in for the real API's time). */
export async function startFakeRazorpayX(opts: { keyId?: string; keySecret?: string; accountNumber?: string; answerDelayMs?: number } = {}): Promise<FakeRazorpayX> {
  const keyId = opts.keyId ?? 'rzp_test_FakePayoutKey1';
  const keySecret = opts.keySecret ?? 'fake-payout-key-secret';
  const accountNumber = opts.accountNumber ?? '7878780080316316';
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
  const payouts: FakePayout[] = [];
  const byId = new Map<string, FakePayout>();
  /** What each idempotency key was first used with: the body (canonical JSON) and the payout made. */
  const keys = new Map<string, { body: string; payoutId: string }>();
  /** The fund account each payout was made to (the create call answers with it inline). */
  const composites = new Map<string, FakeFundAccount>();
  const requests: FakePayoutRequest[] = [];
  const faults = { remaining: 0, mode: 'error' as 'error' | 'hang' | 'error_after_create' };
  const refusals = { remaining: 0, description: 'Invalid VPA. Please enter a valid Virtual Payment Address' };
  let delayMs = 0;
  let queueForBalance = false;
  let beforeAnswer: ((payout: FakePayout) => Promise<void>) | null = null;
  let utrSeq = 0;

  function nextUtr(mode: string): string {
    utrSeq += 1;
    // UPI and IMPS references are 12-digit RRNs; NEFT's start with the bank's code.
    return mode === 'NEFT' ? `HDFCN${String(52_000_000_000 + utrSeq)}` : String(612_000_000_000 + utrSeq);
  }

  /** The composite request, checked as RazorpayX checks it; returns the refusal, or null. */
  function invalidPayout(body: Record<string, unknown>): Answer | null {
    const allowed = ['account_number', 'amount', 'currency', 'mode', 'purpose', 'fund_account', 'queue_if_low_balance', 'reference_id', 'narration', 'notes'];
    const extra = Object.keys(body).filter((key) => !allowed.includes(key));
    if (extra.length) return razorpayXBadRequest(`${extra.join(', ')} is/are not required and should not be sent`);
    if (body.account_number !== accountNumber) return razorpayXBadRequest('The account number is invalid.', 'account_number');
    if (!isWhole(body.amount) || body.amount < 100) return razorpayXBadRequest('The amount must be at least 100.', 'amount');
    if (body.currency !== 'INR') return razorpayXBadRequest('The selected currency is invalid.', 'currency');
    if (typeof body.purpose !== 'string' || !PURPOSES.includes(body.purpose)) return razorpayXBadRequest('The selected purpose is invalid.', 'purpose');
    if (body.queue_if_low_balance !== undefined && typeof body.queue_if_low_balance !== 'boolean') return razorpayXBadRequest('queue_if_low_balance must be a boolean', 'queue_if_low_balance');
    if (body.reference_id !== undefined && (typeof body.reference_id !== 'string' || body.reference_id.length > 40)) return razorpayXBadRequest('The reference id may not be greater than 40 characters.', 'reference_id');
    if (body.narration !== undefined && (typeof body.narration !== 'string' || body.narration.length > 30 || !/^[A-Za-z0-9 ]*$/.test(body.narration))) {
      return razorpayXBadRequest('The narration may only contain alphabets, numbers and spaces, up to 30 characters.', 'narration');
    }
    const fa = body.fund_account;
    if (!isObject(fa)) return razorpayXBadRequest('The fund account field is required.', 'fund_account');
    const contact = fa.contact;
    if (!isObject(contact)) return razorpayXBadRequest('The contact field is required.', 'fund_account.contact');
    if (typeof contact.name !== 'string' || contact.name.trim().length < 3 || contact.name.length > 50) return razorpayXBadRequest('The name must be between 3 and 50 characters.', 'fund_account.contact.name');
    if (typeof contact.type !== 'string' || !CONTACT_TYPES.includes(contact.type)) return razorpayXBadRequest('Invalid type: must be one of vendor, customer, employee, self', 'fund_account.contact.type');
    if (contact.contact !== undefined && (typeof contact.contact !== 'string' || !/^\+?\d{8,15}$/.test(contact.contact))) return razorpayXBadRequest('The contact format is invalid.', 'fund_account.contact.contact');
    if (contact.reference_id !== undefined && (typeof contact.reference_id !== 'string' || contact.reference_id.length > 40)) return razorpayXBadRequest('The reference id may not be greater than 40 characters.', 'fund_account.contact.reference_id');
    const mode = body.mode;
    if (fa.account_type === 'vpa') {
      if (!isObject(fa.vpa) || typeof fa.vpa.address !== 'string' || !/^[\w.-]{2,256}@[A-Za-z]{2,64}$/.test(fa.vpa.address)) return razorpayXBadRequest('Invalid VPA. Please enter a valid Virtual Payment Address', 'fund_account.vpa.address');
      if (mode !== 'UPI') return razorpayXBadRequest('Payout mode is invalid for the fund account type vpa', 'mode');
    } else if (fa.account_type === 'bank_account') {
      const bank = fa.bank_account;
      if (!isObject(bank)) return razorpayXBadRequest('The bank account field is required.', 'fund_account.bank_account');
      if (typeof bank.ifsc !== 'string' || !/^[A-Z]{4}0[A-Z0-9]{6}$/.test(bank.ifsc)) return razorpayXBadRequest('The ifsc must be 11 characters.', 'fund_account.bank_account.ifsc');
      if (typeof bank.account_number !== 'string' || !/^[A-Za-z0-9]{5,35}$/.test(bank.account_number)) return razorpayXBadRequest('The account number format is invalid.', 'fund_account.bank_account.account_number');
      if (typeof bank.name !== 'string' || bank.name.trim().length < 3 || bank.name.length > 120) return razorpayXBadRequest('The name must be between 3 and 120 characters.', 'fund_account.bank_account.name');
      if (mode !== 'IMPS' && mode !== 'NEFT' && mode !== 'RTGS') return razorpayXBadRequest('Payout mode is invalid for the fund account type bank_account', 'mode');
      if (mode === 'IMPS' && body.amount > IMPS_MAX) return razorpayXBadRequest('The amount for IMPS may not be greater than 500000 rupees.', 'amount');
      if (mode === 'RTGS' && body.amount < RTGS_MIN) return razorpayXBadRequest('The amount for RTGS must be at least 200000 rupees.', 'amount');
    } else {
      return razorpayXBadRequest('The selected account type is invalid.', 'fund_account.account_type');
    }
    return null;
  }

  function makePayout(body: Record<string, unknown>): FakePayout {
    const fa = body.fund_account as Record<string, unknown>;
    const c = fa.contact as Record<string, unknown>;
    const now = unixNow();
    const contact: FakeContact = {
      id: newId('cont'),
      entity: 'contact',
      name: String(c.name),
      contact: typeof c.contact === 'string' ? c.contact : null,
      email: null,
      type: String(c.type),
      reference_id: typeof c.reference_id === 'string' ? c.reference_id : null,
      batch_id: null,
      active: true,
      notes: [],
      created_at: now,
    };
    const fundAccount: FakeFundAccount = { id: newId('fa'), entity: 'fund_account', contact_id: contact.id, contact, account_type: fa.account_type as 'vpa' | 'bank_account', batch_id: null, active: true, created_at: now };
    if (fa.account_type === 'vpa') {
      const address = String((fa.vpa as Record<string, unknown>).address);
      const [username, handle] = address.split('@') as [string, string];
      fundAccount.vpa = { username, handle, address };
    } else {
      const bank = fa.bank_account as Record<string, string>;
      fundAccount.bank_account = { ifsc: bank.ifsc!, bank_name: BANK_NAMES[bank.ifsc!.slice(0, 4)] ?? 'Bank', name: bank.name!, notes: [], account_number: bank.account_number! };
    }
    const waits = queueForBalance && body.queue_if_low_balance === true;
    const payout: FakePayout = {
      id: newId('pout'),
      entity: 'payout',
      fund_account_id: fundAccount.id,
      amount: body.amount as number,
      currency: 'INR',
      notes: isObject(body.notes) ? (body.notes as Record<string, string>) : [],
      fees: 0,
      tax: 0,
      status: waits ? 'queued' : 'processing',
      purpose: String(body.purpose),
      utr: null,
      mode: String(body.mode),
      reference_id: typeof body.reference_id === 'string' ? body.reference_id : null,
      narration: typeof body.narration === 'string' ? body.narration : null,
      batch_id: null,
      failure_reason: null,
      status_details: waits ? LOW_BALANCE : PROCESSING,
      created_at: now,
      fee_type: '',
    };
    payouts.push(payout);
    byId.set(payout.id, payout);
    composites.set(payout.id, fundAccount);
    return payout;
  }

  function createPayout(body: Record<string, unknown>, key: string | null): { answer: Answer; created: FakePayout | null } {
    if (key === null) {
      return { answer: razorpayXBadRequest('Idempotency key is missing. Include idempotency header and key in the request.', 'X-Payout-Idempotency'), created: null };
    }
    if (key.length < 4 || key.length > 36 || !/^[A-Za-z0-9 _-]+$/.test(key)) {
      return { answer: razorpayXBadRequest('The idempotency key may contain 4 to 36 letters, digits, hyphens, underscores and spaces.', 'X-Payout-Idempotency'), created: null };
    }
    const canonical = JSON.stringify(body);
    const earlier = keys.get(key);
    if (earlier) {
      if (earlier.body !== canonical) return { answer: razorpayXBadRequest('Different request body sent for the same Idempotency Header', 'X-Payout-Idempotency'), created: null };
      const payout = byId.get(earlier.payoutId)!;
      return { answer: { status: 200, body: { ...payout, fund_account: composites.get(payout.id) } }, created: null };
    }
    if (refusals.remaining > 0) {
      refusals.remaining -= 1;
      return { answer: razorpayXBadRequest(refusals.description, 'fund_account.vpa.address'), created: null };
    }
    const refused = invalidPayout(body);
    if (refused) return { answer: refused, created: null };
    const payout = makePayout(body);
    keys.set(key, { body: canonical, payoutId: payout.id });
    return { answer: { status: 200, body: { ...payout, fund_account: composites.get(payout.id) } }, created: payout };
  }

  function listPayouts(query: URLSearchParams): Answer {
    if (query.get('account_number') !== accountNumber) return razorpayXBadRequest('The account number field is required.', 'account_number');
    const count = query.has('count') ? Number(query.get('count')) : 10;
    const skip = query.has('skip') ? Number(query.get('skip')) : 0;
    if (!Number.isInteger(count) || count < 1 || count > MAX_PAGE) return razorpayXBadRequest(`The count must be between 1 and ${MAX_PAGE}.`, 'count');
    if (!Number.isInteger(skip) || skip < 0) return razorpayXBadRequest('The skip must be at least 0.', 'skip');
    const items = [...payouts]
      .reverse()
      .filter((p) => (!query.has('reference_id') || p.reference_id === query.get('reference_id')) && (!query.has('status') || p.status === query.get('status')))
      .slice(skip, skip + count);
    return { status: 200, body: { entity: 'collection', count: items.length, items } };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const authorized = req.headers.authorization === expectedAuth;
    const keyHeader = req.headers['x-payout-idempotency'];
    const key = typeof keyHeader === 'string' ? keyHeader : null;
    let body: Record<string, unknown> | null = null;
    if (raw.length > 0) {
      try {
        const parsed: unknown = JSON.parse(raw.toString('utf8'));
        body = isObject(parsed) ? parsed : null;
        if (!body) return send(res, razorpayXBadRequest('The request body must be an object'));
      } catch {
        return send(res, razorpayXBadRequest('The request body is not valid JSON'));
      }
    }
    requests.push({ method: req.method ?? '', url: req.url ?? '', authorized, idempotencyKey: key, body, at: Date.now() });
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname.replace(/\/$/, '');
    const isCreate = req.method === 'POST' && path === '/v1/payouts';
    if (faults.remaining > 0) {
      faults.remaining -= 1;
      // A hung request keeps its socket open until the client gives up or close() ends it.
      if (faults.mode === 'hang') return;
      if (faults.mode === 'error_after_create' && isCreate && authorized && body) createPayout(body, key);
      return send(res, errorAnswer(500, 'SERVER_ERROR', 'We are facing some trouble completing your request at the moment. Please try again shortly.'));
    }
    if (!authorized) return send(res, errorAnswer(401, 'BAD_REQUEST_ERROR', 'The api key provided is invalid'));
    let answer: Answer;
    if (isCreate) {
      const made = createPayout(body ?? {}, key);
      answer = made.answer;
      if (made.created && beforeAnswer) {
        const before = beforeAnswer;
        beforeAnswer = null;
        await before(made.created);
      }
    } else if (req.method === 'GET' && path === '/v1/payouts') {
      answer = listPayouts(url.searchParams);
    } else if (req.method === 'GET' && /^\/v1\/payouts\/[^/]+$/.test(path)) {
      const payout = byId.get(decodeURIComponent(path.slice('/v1/payouts/'.length)));
      answer = payout ? { status: 200, body: payout } : razorpayXBadRequest('The id provided does not exist');
    } else {
      answer = razorpayXBadRequest('The requested URL was not found on the server.');
    }
    const wait = delayMs + (opts.answerDelayMs ?? 0);
    delayMs = 0;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    send(res, answer);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => send(res, errorAnswer(500, 'SERVER_ERROR', String(err))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeRazorpayX = {
    url,
    keyId,
    keySecret,
    accountNumber,
    payouts,
    requests,
    createRequests: () => requests.filter((r) => r.method === 'POST' && r.url.split('?')[0]!.replace(/\/$/, '') === '/v1/payouts'),
    payout(id) {
      const payout = byId.get(id);
      if (!payout) throw new Error(`the fake made no payout ${id}`);
      return payout;
    },
    settle(payoutId, status, details = {}) {
      const payout = fake.payout(payoutId);
      payout.status = status;
      payout.status_details = { ...FINAL_DETAILS[status], ...details };
      if (status === 'processed' || status === 'reversed') payout.utr ??= nextUtr(payout.mode);
      payout.failure_reason = status === 'processed' ? null : payout.status_details.description;
      if (status === 'processed') payout.fees = payout.mode === 'UPI' ? 0 : 500;
      return structuredClone(payout);
    },
    async sendWebhook(targetUrl, eventName, payout, options) {
      const envelope = { entity: 'event', account_id: ACCOUNT_ID, event: eventName, contains: ['payout'], payload: { payout: { entity: payout } }, created_at: unixNow() };
      const body = JSON.stringify(envelope);
      const signature = createHmac('sha256', options.wrongSecret ? `${options.secret}-not` : options.secret).update(body).digest('hex');
      // The forgery someone would try: the same signed event, saying the payout was reversed.
      const sent = options.tamper ? JSON.stringify({ ...envelope, event: 'payout.reversed', payload: { payout: { entity: { ...payout, status: 'reversed' } } } }) : body;
      const eventId = options.eventId ?? `evt_${randomId(14)}`;
      const res = await fetch(targetUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Razorpay-Webhook/v1', 'x-razorpay-signature': signature, 'x-razorpay-event-id': eventId },
        body: sent,
        // RazorpayX counts an answer slower than 5 seconds as a failed delivery.
        signal: AbortSignal.timeout(5_000),
      });
      return { status: res.status, body: await res.text(), eventId };
    },
    lowBalance(on) {
      queueForBalance = on;
    },
    addFunds() {
      const started = payouts.filter((p) => p.status === 'queued');
      for (const p of started) Object.assign(p, { status: 'processing', status_details: PROCESSING });
      return started.map((p) => structuredClone(p));
    },
    failNext(count, mode = 'error') {
      faults.remaining = count;
      faults.mode = mode;
    },
    refuseNext(count, description) {
      refusals.remaining = count;
      if (description) refusals.description = description;
    },
    delayNext(ms) {
      delayMs = ms;
    },
    onNextCreate(before) {
      beforeAnswer = before;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
  return fake;
}

function send(res: ServerResponse, answer: Answer): void {
  if (res.destroyed) return;
  res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(answer.body));
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function errorAnswer(status: number, code: string, description: string, detail: Record<string, string | null> = { source: 'NA', step: 'NA', reason: 'NA' }): Answer {
  return { status, body: { error: { code, description, ...detail, metadata: {} } } };
}

function razorpayXBadRequest(description: string, field?: string): Answer {
  return errorAnswer(400, 'BAD_REQUEST_ERROR', description, { source: 'business', step: 'payout_initiation', reason: 'input_validation_failed', ...(field ? { field } : {}) });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isWhole(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

const unixNow = (): number => Math.floor(Date.now() / 1000);

const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** RazorpayX ids are a prefix and 14 letters or digits: pout_F681qslJ3ba70q. */
function randomId(length: number): string {
  return [...randomBytes(length)].map((byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
}

const newId = (prefix: string): string => `${prefix}_${randomId(14)}`;
