// The actions the audit log records, as the admin panel's Recent Activity receives them
// (ActivityItem.action). Written by the server's services (recordAudit), by its database functions
// and by the payout queue; the web app words each one in every language. A test reads the server's
// sources for what they write, so an action missing here fails it.
export const AUDIT_ACTIONS = [
  // Admins and their sign-in
  'admin.setup',
  'admin.login',
  'admin.login_failed',
  'admin.2fa_enabled',
  'admin.2fa_reset',
  'admin.passkey_added',
  'admin.invited',
  'admin.joined',
  'admin.suspended',
  'admin.reactivated',
  'secrets.rotated',
  // Activation payments and accounts
  'payment.approved',
  'payment.rejected',
  'payment.reversed',
  'gateway.payment_refused',
  'reconciliation.uploaded',
  'user.activated',
  'user.activation_requested',
  'user.suspended',
  'user.reinstated',
  'holds.released',
  'holds.forfeited',
  // Withdrawals and their payouts through a provider
  'withdrawal.first_approval',
  'withdrawal.approved',
  'withdrawal.rejected',
  'payout.processed',
  'payout.returned',
  'payout.paid_after_refund',
  'payout.refused',
  'payout.retried',
  'payout.mismatch',
  // Settings, and the two-person rule's proposals
  'settings.updated',
  'settings.proposed',
  'settings.proposal_confirmed',
  'settings.proposal_rejected',
  'settings.proposal_withdrawn',
  'android_app.uploaded',
  'android_app.removed',
  // Personal data
  'account.erased',
  'account.corrected',
  'account.phone_changed',
  'user.data_exported',
  'data_request.created',
  'data_request.closed',
  // Tax withheld at source
  'pan.updated',
  'tax.deposited',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
