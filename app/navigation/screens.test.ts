import { describe, expect, it } from 'vitest';
import { canDownloadReports, canManageAccounts } from '@contract/permissions';
import { ROLES } from '@contract/roles';
import { SCREENS_BY_ROLE } from './screens';

/** The menu offers a screen only to the roles contract/permissions.ts lets use it, so the two cannot drift. */
describe('the screens of each role', () => {
  it.each(ROLES)('%s has the users screen exactly when it manages accounts, reports exactly when it downloads them', (role) => {
    const screens: readonly string[] = SCREENS_BY_ROLE[role];
    expect(screens.includes('users')).toBe(canManageAccounts(role));
    expect(screens.includes('reports')).toBe(canDownloadReports(role));
  });
});
