// The one HTTP client of the web app (spec section 7): bearer token from localStorage, cookies sent,
// JSON content type only with a body, failures raised as ApiError with the server's message.
import { t } from '../i18n/t.ts';
import { translateServerError } from '../i18n/server-text.ts';

export const TOKEN_KEY = 'token';

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage can be unavailable (private mode); the session then lasts only this page.
  }
  rememberSignedIn(Boolean(token));
}

/** The cookie that tells the server a session exists here (no secret: the token stays in storage). */
export const SIGNED_IN_COOKIE = 'rh_signed_in';

/**
 * Marks this browser as signed in, or not, for the server: it renders the entry pages to HTML only
 * for a signed-out visitor (a signed-in one would see the sign-in page flash by).
 */
export function rememberSignedIn(signedIn: boolean): void {
  if (typeof document === 'undefined') return;
  document.cookie = signedIn ? `${SIGNED_IN_COOKIE}=1; path=/; max-age=31536000; samesite=lax` : `${SIGNED_IN_COOKIE}=; path=/; max-age=0; samesite=lax`;
}

const DEVICE_ID_KEY = 'deviceId';
let deviceIdInMemory: string | null = null;

/**
 * A random id for this browser, kept in local storage and sent as X-Device-Id: the server notes
 * which accounts sign up, sign in and send proofs from one device (a fraud signal when referral-
 * linked accounts share one). It identifies nothing else about the device.
 */
export function deviceId(): string {
  try {
    const kept = localStorage.getItem(DEVICE_ID_KEY);
    if (kept) return kept;
  } catch {
    // Storage unavailable: an id for this page's life.
  }
  if (!deviceIdInMemory) {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    deviceIdInMemory = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  }
  try {
    localStorage.setItem(DEVICE_ID_KEY, deviceIdInMemory);
  } catch {
    // As above.
  }
  return deviceIdInMemory;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  /** The server's `message`, or the generic `${status}: ${text}` when the body had none. */
  readonly serverMessage: string | null;
  readonly fields: Record<string, string> | null;
  readonly body: unknown;

  constructor(status: number, message: string, opts: { code?: string | null; serverMessage?: string | null; fields?: Record<string, string> | null; body?: unknown } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = opts.code ?? null;
    this.serverMessage = opts.serverMessage ?? null;
    this.fields = opts.fields ?? null;
    this.body = opts.body;
  }
}

/**
 * A failure that says nothing about the request or the session: the server is briefly unable to
 * answer (503, e.g. its database restarting) or the network dropped. Worth a retry.
 */
export function isTransientError(err: unknown): boolean {
  return (err instanceof ApiError && err.status === 503) || err instanceof TypeError;
}

/**
 * The message to show a person, in their language: the server's message when it sent one (the
 * server speaks English; a text in the `server` catalogue is shown translated, an unknown one by
 * its code's general text), else the fallback.
 */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.serverMessage ? translateServerError(err.serverMessage, err.code) : fallback;
  if (err instanceof TypeError) return t('common.errors.network');
  return fallback;
}

async function toApiError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  let body: unknown = text;
  let serverMessage: string | null = null;
  let code: string | null = null;
  let fields: Record<string, string> | null = null;
  try {
    const parsed: unknown = text ? JSON.parse(text) : null;
    body = parsed;
    if (parsed && typeof parsed === 'object') {
      const o = parsed as Record<string, unknown>;
      if (typeof o.message === 'string') serverMessage = o.message;
      if (typeof o.code === 'string') code = o.code;
      if (o.fields && typeof o.fields === 'object') fields = o.fields as Record<string, string>;
    }
  } catch {
    // Not JSON: keep the raw text for the generic message.
  }
  const generic = `${res.status}: ${text || res.statusText}`;
  return new ApiError(res.status, serverMessage ?? generic, { code, serverMessage, fields, body });
}

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Sends a request and returns the raw Response after checking it is ok (throws ApiError otherwise). */
export async function apiRequest(method: string, url: string, opts: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { 'X-Device-Id': deviceId(), ...opts.headers };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) {
    body = opts.body;
  } else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(url, { method, headers, body, credentials: 'include', signal: opts.signal });
  if (!res.ok) throw await toApiError(res);
  return res;
}

/** Request + JSON answer (null for an empty body such as 204). */
export async function apiJson<T>(method: string, url: string, opts: RequestOptions = {}): Promise<T> {
  const res = await apiRequest(method, url, opts);
  if (res.status === 204) return null as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

export const api = {
  get: <T>(url: string, opts?: Omit<RequestOptions, 'body'>) => apiJson<T>('GET', url, opts),
  post: <T>(url: string, body?: unknown, opts?: RequestOptions) => apiJson<T>('POST', url, { ...opts, body }),
  put: <T>(url: string, body?: unknown, opts?: RequestOptions) => apiJson<T>('PUT', url, { ...opts, body }),
  patch: <T>(url: string, body?: unknown, opts?: RequestOptions) => apiJson<T>('PATCH', url, { ...opts, body }),
  delete: <T>(url: string, opts?: RequestOptions) => apiJson<T>('DELETE', url, opts),
};
