// Every message key, derived from the English catalogue's files (types only: nothing here ships).
// A key names its file first: `wallet.withdraw.title` is `withdraw.title` in locales/en/wallet.json.
// A new catalogue file needs one line here and one in the union below.
import type common from './locales/en/common.json';
import type auth from './locales/en/auth.json';
import type layout from './locales/en/layout.json';
import type dashboard from './locales/en/dashboard.json';
import type activation from './locales/en/activation.json';
import type wallet from './locales/en/wallet.json';
import type transactions from './locales/en/transactions.json';
import type referrals from './locales/en/referrals.json';
import type spin from './locales/en/spin.json';
import type download from './locales/en/download.json';
import type support from './locales/en/support.json';
import type legal from './locales/en/legal.json';
import type admin from './locales/en/admin.json';
import type adminSecurity from './locales/en/adminSecurity.json';
import type admins from './locales/en/admins.json';
import type ledger from './locales/en/ledger.json';
import type reconciliation from './locales/en/reconciliation.json';
import type gateway from './locales/en/gateway.json';
import type risk from './locales/en/risk.json';
import type profile from './locales/en/profile.json';
import type consent from './locales/en/consent.json';
import type server from './locales/en/server.json';
import type tax from './locales/en/tax.json';
import type adminTax from './locales/en/adminTax.json';

/** "a.b" for each text at path a → b of a catalogue object. */
type Leaves<T, P extends string> = {
  [K in keyof T & string]: T[K] extends string ? `${P}.${K}` : Leaves<T[K], `${P}.${K}`>;
}[keyof T & string];

export type MessageKey =
  | never
  | Leaves<typeof common, 'common'>
  | Leaves<typeof auth, 'auth'>
  | Leaves<typeof layout, 'layout'>
  | Leaves<typeof dashboard, 'dashboard'>
  | Leaves<typeof activation, 'activation'>
  | Leaves<typeof wallet, 'wallet'>
  | Leaves<typeof transactions, 'transactions'>
  | Leaves<typeof referrals, 'referrals'>
  | Leaves<typeof spin, 'spin'>
  | Leaves<typeof download, 'download'>
  | Leaves<typeof support, 'support'>
  | Leaves<typeof legal, 'legal'>
  | Leaves<typeof admin, 'admin'>
  | Leaves<typeof adminSecurity, 'adminSecurity'>
  | Leaves<typeof admins, 'admins'>
  | Leaves<typeof ledger, 'ledger'>
  | Leaves<typeof reconciliation, 'reconciliation'>
  | Leaves<typeof gateway, 'gateway'>
  | Leaves<typeof risk, 'risk'>
  | Leaves<typeof profile, 'profile'>
  | Leaves<typeof consent, 'consent'>
  | Leaves<typeof server, 'server'>
  | Leaves<typeof tax, 'tax'>
  | Leaves<typeof adminTax, 'adminTax'>
