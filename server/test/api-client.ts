// An HTTP client for a server under test, in this process or another: JSON and multipart calls,
// and the dev SMS outbox of its DATA_DIR (the console provider's contract).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SMS_OUTBOX_FILE } from '../sms/console-provider.ts';

// `any` by default: tests read arbitrary fields of JSON answers.
export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

// `any` defaults below for the same reason as ApiResponse.
export interface ApiClient {
  url: string;
  dataDir: string;
  /** JSON request; `token` adds the bearer header. */
  api<T = any>(method: string, urlPath: string, opts?: { body?: unknown; token?: string; headers?: Record<string, string> }): Promise<ApiResponse<T>>;
  /** Multipart request from a FormData. */
  upload<T = any>(method: string, urlPath: string, form: FormData, opts?: { token?: string; headers?: Record<string, string> }): Promise<ApiResponse<T>>;
  /** Every SMS the console provider wrote, oldest first. */
  outbox(): Promise<{ to: string; text: string; code: string | null; at: string }[]>;
  /** The newest SMS code sent to a phone. */
  lastCode(phone: string): Promise<string>;
}

async function toResponse(res: Response): Promise<ApiResponse> {
  const text = await res.text();
  let body: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('application/json') && text) body = JSON.parse(text);
  return { status: res.status, body, headers: res.headers };
}

/**
 * `beforeOutbox`: lets the server's SMS queue send what is due before the outbox is read (an
 * in-process server passes its queue's drain). Without it (a separate process), reading a code
 * waits up to 10 s for the process's worker to send it.
 */
export function createApiClient(url: string, dataDir: string, beforeOutbox?: () => Promise<void>): ApiClient {
  const client: ApiClient = {
    url,
    dataDir,
    async api(method, urlPath, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      let body: string | undefined;
      if (opts.body !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
      }
      return toResponse(await fetch(url + urlPath, { method, headers, body }));
    },
    async upload(method, urlPath, form, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      return toResponse(await fetch(url + urlPath, { method, headers, body: form }));
    },
    async outbox() {
      await beforeOutbox?.();
      try {
        const text = await readFile(path.join(dataDir, SMS_OUTBOX_FILE), 'utf8');
        return text.split('\n').filter(Boolean).map((l) => JSON.parse(l));
      } catch {
        return [];
      }
    },
    async lastCode(phone) {
      const deadline = Date.now() + (beforeOutbox ? 0 : 10_000);
      for (;;) {
        const last = (await client.outbox()).filter((m) => m.to === phone && m.code).at(-1);
        if (last?.code) return last.code;
        if (Date.now() >= deadline) throw new Error(`no SMS code sent to ${phone}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
  return client;
}
