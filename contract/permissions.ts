import { STAFF_ROLES, type Role } from './roles';

/**
 * Who may do what with tickets, by role: the table of docs/product-decisions.md, "Who may do what (finer permissions
 * the specification leaves open)", as data. The API's guards (api/domain/tickets/permissions.ts adds what depends on
 * the ticket) and the web app's screens and routes (app/navigation/area-routes.ts) ask these; nothing else decides. Plain data,
 * free of zod, so a screen's bundle may use it.
 *
 *   action                          driver        operator  supervisor  inspector  admin
 *   create                          own, WEB      on behalf on behalf   no         on behalf
 *   see                             own reports   all       all         all        all
 *   update, assign, close, reopen   no            yes       yes         no         yes
 *   comment, attach                 own tickets   yes       yes         no         yes
 *   write internal notes            no            yes       yes         no         yes
 *   read internal notes             no            yes       yes         yes        yes
 */
export const TICKET_PERMISSIONS = {
  create: ['DRIVER', ...STAFF_ROLES],
  seeEveryTicket: ['INSPECTOR', ...STAFF_ROLES],
  change: STAFF_ROLES,
  chooseChannel: STAFF_ROLES,
  /** Who can be the assignee of a ticket. */
  beAssigned: STAFF_ROLES,
  /** The inspector only reads. */
  comment: ['DRIVER', ...STAFF_ROLES],
  attach: ['DRIVER', ...STAFF_ROLES],
  /** Internal notes are never shown to drivers (docs/product-decisions.md, "Who may do what ..."). */
  writeInternalNotes: STAFF_ROLES,
  readInternalNotes: ['INSPECTOR', ...STAFF_ROLES],
} as const satisfies Record<string, readonly Role[]>;

const allowed = (list: readonly Role[], role: Role) => list.includes(role);

export const canCreateTicket = (role: Role) => allowed(TICKET_PERMISSIONS.create, role);
export const canChangeTickets = (role: Role) => allowed(TICKET_PERMISSIONS.change, role);
export const canChooseChannel = (role: Role) => allowed(TICKET_PERMISSIONS.chooseChannel, role);
export const canBeAssigned = (role: Role) => allowed(TICKET_PERMISSIONS.beAssigned, role);
/** Everyone who sees every ticket may list them all and per operator; drivers may not. */
export const canSeeEveryTicket = (role: Role) => allowed(TICKET_PERMISSIONS.seeEveryTicket, role);
/** On the tickets the role may see at all (drivers: their own). */
export const canCommentOn = (role: Role) => allowed(TICKET_PERMISSIONS.comment, role);
export const canAttachTo = (role: Role) => allowed(TICKET_PERMISSIONS.attach, role);
export const canWriteInternalNotes = (role: Role) => allowed(TICKET_PERMISSIONS.writeInternalNotes, role);
export const canReadInternalNotes = (role: Role) => allowed(TICKET_PERMISSIONS.readInternalNotes, role);

/**
 * Beyond tickets, docs/specification.md, "6. Roles and permissions": managing other people's accounts (create any
 * user type, edit, delete, suspend, end their sessions, reset their second step) is the admin's; the monthly
 * reports are for everyone but drivers.
 */
export const canManageAccounts = (role: Role) => role === 'ADMIN';
export const canDownloadReports = (role: Role) => allowed(['INSPECTOR', ...STAFF_ROLES], role);
/** The service-level report (issue 37, decision 183): the Inspector Fiscal, supervisors and the admin; not operators. */
export const SERVICE_LEVEL_ROLES = ['INSPECTOR', 'SUPERVISOR', 'ADMIN'] as const satisfies readonly Role[];
export const canReadServiceLevel = (role: Role) => allowed(SERVICE_LEVEL_ROLES, role);

/** Who may turn on a second sign-in step: everyone but drivers (docs/decisions/113-two-step-sign-in.md). */
export const canUseTwoStep = (role: Role) => role !== 'DRIVER';

/**
 * Who may delete their own account and data at once (Ley 19.628 art. 7 as amended; decision 149): drivers. A staff
 * account is closed by an admin (its events were the concession's work, not the person's); staff file a request.
 */
export const DELETE_OWN_ACCOUNT_ROLES = ['DRIVER'] as const satisfies readonly Role[];
export const canDeleteOwnAccount = (role: Role) => allowed(DELETE_OWN_ACCOUNT_ROLES, role);

/** "Es el mismo: avíseme de sus novedades" (decision 161): drivers follow a possible duplicate instead of filing it again. */
export const FOLLOW_TICKET_ROLES = ['DRIVER'] as const satisfies readonly Role[];
export const canFollowTickets = (role: Role) => allowed(FOLLOW_TICKET_ROLES, role);

/**
 * Requests under Ley 21.719 (docs/decisions/150-privacy-requests-and-blocking.md): everyone files and reads their
 * own; only the admin sees the queue and answers.
 */
export const PRIVACY_REQUEST_ANSWERERS = ['ADMIN'] as const satisfies readonly Role[];
export const canAnswerPrivacyRequests = (role: Role) => allowed(PRIVACY_REQUEST_ANSWERERS, role);

/**
 * The record of who read drivers' personal data (Ley 19.628 as amended, art. 14 quinquies; decision 151): the admin,
 * who answers for the processing, and the fiscal inspector, who oversees it. Operators and supervisors, whose reads
 * it records, do not read it.
 */
export const ACCESS_RECORD_ROLES = ['ADMIN', 'INSPECTOR'] as const satisfies readonly Role[];
export const canReadAccessRecord = (role: Role) => allowed(ACCESS_RECORD_ROLES, role);

/**
 * Who sees a person's RUT whole, by where it is shown (Ley 19.628 as amended by Ley 21.719, art. 3: purpose and
 * proportionality; art. 14 quinquies: security; docs/decisions/147-masked-rut-by-role.md). Elsewhere staff see it
 * masked (12.345.***-5, contract/rut-mask.ts). The API masks; the web shows what it gets. Plain data.
 *
 *   where                                  driver    operator  supervisor  inspector  admin
 *   event lists (GET /api/ticket/list/*)   own       masked    masked      masked     masked
 *   an event's page (GET /api/ticket/{id}) own       whole     whole       masked     whole
 *   report files that name people          -         whole     whole       masked     whole
 *   user administration (admin's pages)    -         -         -           -          whole
 *
 * Lists are for choosing an event: the name tells people apart, the RUT is not needed whole. The staff who handle
 * events need it whole on the event to contact and identify the person; the inspector oversees and audits, and
 * needs to know that a claim names someone, not who. A person whose data are blocked (art. 8 ter) appears in
 * report files as "Datos bloqueados" for every role.
 */
export const PERSONAL_DATA_PERMISSIONS = {
  wholeRutInLists: [] as Role[],
  wholeRutOnEvent: STAFF_ROLES,
  wholeRutInExports: STAFF_ROLES,
  wholeRutOfAccounts: ['ADMIN'],
} as const satisfies Record<string, readonly Role[]>;

/**
 * The driver's phone position sent with an event ("Enviar mi ubicación", decision 157): only a driver's own device
 * sends it (staff record calls, their position says nothing about the event); it is shown on the event's page to
 * the driver who sent it and to the staff who handle events, as they see the whole RUT there; never in lists or exports.
 */
export const PHONE_POSITION_SENDERS = ['DRIVER'] as const satisfies readonly Role[];
export const canSendPhonePosition = (role: Role) => allowed(PHONE_POSITION_SENDERS, role);
export const seesPhonePosition = (role: Role) => role === 'DRIVER' || allowed(PERSONAL_DATA_PERMISSIONS.wholeRutOnEvent, role);

/** Drivers only ever see their own events, so their own RUT stays whole for them everywhere. */
export const seesWholeRutInLists = (role: Role) => role === 'DRIVER' || allowed(PERSONAL_DATA_PERMISSIONS.wholeRutInLists, role);
export const seesWholeRutOnEvent = (role: Role) => role === 'DRIVER' || allowed(PERSONAL_DATA_PERMISSIONS.wholeRutOnEvent, role);
export const seesWholeRutInExports = (role: Role) => allowed(PERSONAL_DATA_PERMISSIONS.wholeRutInExports, role);

/**
 * Who reads an event's time left in business terms ("vence en 3 h hábiles", decision 181): everyone who handles
 * or oversees events. A driver keeps what they saw before: the due date, and "vencido hace" in their list.
 */
export const seesTimeLeft = (role: Role) => role !== 'DRIVER';
