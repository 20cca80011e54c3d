// Several admins with roles: a Super Admin invites further admins by a one-time link, sees every
// admin and their actions, and suspends one when needed. Roles: super_admin (everything) and
// reviewer (users, payments, withdrawals; not settings, admins, reversals or the ledger).
import { z } from 'zod';
import { text } from './text.ts';
import { AdminSetupRequestSchema } from './accounts.ts';

export const AdminRoleSchema = z.enum(['super_admin', 'reviewer'], { error: 'Choose a role: super_admin or reviewer' });
export type AdminRole = z.infer<typeof AdminRoleSchema>;

export const CreateInvitationRequestSchema = z.object({
  email: text({ error: 'Enter the new admin’s email address' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Enter a valid email address' }).max(200, { error: 'Email must be at most 200 characters' })),
  role: AdminRoleSchema,
});
export type CreateInvitationRequest = z.output<typeof CreateInvitationRequestSchema>;

export const InvitationStatusSchema = z.enum(['pending', 'used', 'expired']);

export const InvitationSchema = z.object({
  id: text(),
  email: text(),
  role: AdminRoleSchema,
  status: InvitationStatusSchema,
  invitedByName: text().nullable(),
  createdAt: text(),
  expiresAt: text(),
  usedAt: text().nullable(),
});
export type Invitation = z.infer<typeof InvitationSchema>;
export const InvitationListSchema = z.object({ items: z.array(InvitationSchema) });
export type InvitationList = z.infer<typeof InvitationListSchema>;

/** The answer to creating one: the link is shown this once (only its hash is kept). */
export const CreatedInvitationSchema = InvitationSchema.extend({ link: text() });
export type CreatedInvitation = z.infer<typeof CreatedInvitationSchema>;

/** What the invitation page shows before the new admin chooses a password. */
export const InvitationLookupSchema = z.object({ email: text(), role: AdminRoleSchema, expiresAt: text() });
export type InvitationLookup = z.infer<typeof InvitationLookupSchema>;

/** The first admin's form without the email (the invitation names it), plus the link's token. */
export const AcceptInvitationRequestSchema = AdminSetupRequestSchema.omit({ email: true }).extend({
  token: text({ error: 'This invitation link is not valid' }).trim().min(20, { error: 'This invitation link is not valid' }).max(200),
});
export type AcceptInvitationRequest = z.output<typeof AcceptInvitationRequestSchema>;

export const AdminAccountSchema = z.object({
  id: text(),
  username: text(),
  email: text().nullable(),
  role: AdminRoleSchema,
  status: z.enum(['active', 'suspended']),
  twoFactorEnabled: z.boolean(),
  passkeyCount: z.number().int(),
  createdAt: text(),
  /** How many audited actions they took, and when the last one was. */
  actionCount: z.number().int(),
  lastActionAt: text().nullable(),
});
export type AdminAccount = z.infer<typeof AdminAccountSchema>;
export const AdminAccountListSchema = z.object({ items: z.array(AdminAccountSchema) });
export type AdminAccountList = z.infer<typeof AdminAccountListSchema>;

export const UpdateAdminRequestSchema = z.object({
  status: z.enum(['active', 'suspended'], { error: 'status must be active or suspended' }),
});
export type UpdateAdminRequest = z.output<typeof UpdateAdminRequestSchema>;
