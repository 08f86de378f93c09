import { describe, expect, it } from 'vitest';
import {
  seesWholeRutInExports,
  seesWholeRutInLists,
  seesWholeRutOnEvent,
  canAttachTo,
  canBeAssigned,
  canChangeTickets,
  canChooseChannel,
  canCommentOn,
  canCreateTicket,
  canDownloadReports,
  canManageAccounts,
  canReadInternalNotes,
  canSeeEveryTicket,
  canUseTwoStep,
  canWriteInternalNotes,
  canReadAccessRecord,
} from './permissions';
import { ROLES, type Role } from './roles';

/**
 * The table of docs/product-decisions.md, "Who may do what (finer permissions the specification leaves open)", role
 * by role: what each may do with tickets.
 */
const TABLE: Record<Role, string[]> = {
  DRIVER: ['create', 'comment', 'attach'],
  OPERATOR: ['create', 'seeAll', 'change', 'channel', 'assignee', 'comment', 'attach', 'writeNotes', 'readNotes'],
  SUPERVISOR: ['create', 'seeAll', 'change', 'channel', 'assignee', 'comment', 'attach', 'writeNotes', 'readNotes'],
  INSPECTOR: ['seeAll', 'readNotes'],
  ADMIN: ['create', 'seeAll', 'change', 'channel', 'assignee', 'comment', 'attach', 'writeNotes', 'readNotes'],
};

describe('ticket permissions', () => {
  it.each(ROLES)('%s may do exactly what the table says', (role) => {
    const may = {
      create: canCreateTicket(role),
      seeAll: canSeeEveryTicket(role),
      change: canChangeTickets(role),
      channel: canChooseChannel(role),
      assignee: canBeAssigned(role),
      comment: canCommentOn(role),
      attach: canAttachTo(role),
      writeNotes: canWriteInternalNotes(role),
      readNotes: canReadInternalNotes(role),
    };
    expect(Object.keys(may).filter((action) => may[action as keyof typeof may])).toEqual(TABLE[role]);
  });
});

/**
 * docs/specification.md, "6. Roles and permissions": users management is the admin's; reports are everyone's but
 * drivers'. A second sign-in step too (docs/decisions/113-two-step-sign-in.md).
 */
const BEYOND_TICKETS: Record<Role, string[]> = {
  DRIVER: [],
  OPERATOR: ['reports', 'twoStep'],
  SUPERVISOR: ['reports', 'twoStep'],
  INSPECTOR: ['reports', 'twoStep'],
  ADMIN: ['accounts', 'reports', 'twoStep'],
};

describe('account and report permissions', () => {
  it.each(ROLES)('%s manages accounts, downloads reports and has a second step exactly as the table says', (role) => {
    const may = { accounts: canManageAccounts(role), reports: canDownloadReports(role), twoStep: canUseTwoStep(role) };
    expect(Object.keys(may).filter((action) => may[action as keyof typeof may])).toEqual(BEYOND_TICKETS[role]);
  });
});

/** The record of staff reads of personal data (decision 151): the admin and the inspector, nobody whose reads it records. */
describe('access record permission', () => {
  it.each(ROLES)('%s reads the access record only if admin or inspector', (role) => {
    expect(canReadAccessRecord(role)).toBe(role === 'ADMIN' || role === 'INSPECTOR');
  });
});

describe('personal data permissions (decision 147)', () => {
  const WHOLE_ON_EVENT: Record<Role, boolean> = { DRIVER: true, OPERATOR: true, SUPERVISOR: true, INSPECTOR: false, ADMIN: true };
  it.each(ROLES)('%s sees the RUT whole exactly where the table says', (role) => {
    // Lists: only a driver's own; the event page: the staff who handle events (and the driver's own); exports: staff who handle events.
    expect(seesWholeRutInLists(role)).toBe(role === 'DRIVER');
    expect(seesWholeRutOnEvent(role)).toBe(WHOLE_ON_EVENT[role]);
    expect(seesWholeRutInExports(role)).toBe(role !== 'DRIVER' && role !== 'INSPECTOR');
  });
});
