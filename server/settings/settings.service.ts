// Run-time settings: contact details and the economics (fee, reward, referrals per spin, minimum
// withdrawal, wheel). One row; the spec's values are the defaults.
import { eq } from 'drizzle-orm';
import { DEFAULT_ECONOMICS, DEFAULT_WHEEL_SEGMENTS_RUPEES, DEFAULT_WHEEL_WEIGHTS } from '../../contract/constants.ts';
import type { DbOrTx } from '../db/client.ts';
import { appSettings } from '../db/schema.ts';

export type AppSettingsRow = typeof appSettings.$inferSelect;

export const DEFAULT_WHEEL = DEFAULT_WHEEL_SEGMENTS_RUPEES.map((rupees, i) => ({
  amountPaise: String(BigInt(rupees) * 100n),
  weight: DEFAULT_WHEEL_WEIGHTS[i] ?? 0,
}));

/** Inserts the settings row with the defaults if it is missing (first boot). */
export async function ensureAppSettings(db: DbOrTx): Promise<void> {
  await db
    .insert(appSettings)
    .values({
      id: 1,
      activationFeePaise: DEFAULT_ECONOMICS.activationFeePaise,
      referralRewardPaise: DEFAULT_ECONOMICS.referralRewardPaise,
      referralsPerSpin: DEFAULT_ECONOMICS.referralsPerSpin,
      minWithdrawalPaise: DEFAULT_ECONOMICS.minWithdrawalPaise,
      wheelSegments: DEFAULT_WHEEL,
    })
    .onConflictDoNothing();
}

export async function getAppSettings(db: DbOrTx): Promise<AppSettingsRow> {
  const rows = await db.select().from(appSettings).where(eq(appSettings.id, 1)).limit(1);
  const row = rows[0];
  if (!row) throw new Error('app_settings row missing: ensureAppSettings was not run');
  return row;
}
