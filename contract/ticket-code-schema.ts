import { z } from './zod';
import { CHANNELS, CLOSURE_REASONS, HISTORY_ACTIONS, ORIENTATIONS, TICKET_STATUSES, TICKET_TYPES } from './ticket-codes';

/** The codes as the API reads and writes them. */
export const ticketTypeSchema = z.enum(TICKET_TYPES);
export const ticketStatusSchema = z.enum(TICKET_STATUSES);
export const closureReasonSchema = z.enum(CLOSURE_REASONS);
export const channelSchema = z.enum(CHANNELS);
export const orientationSchema = z.enum(ORIENTATIONS);
export const historyActionSchema = z.enum(HISTORY_ACTIONS);
