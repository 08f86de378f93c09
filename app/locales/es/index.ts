import { messages } from '@contract/messages';
import { auth } from './auth';
import { common } from './common';
import { dashboard } from './dashboard';
import { reports } from './reports';
import { events } from './events';
import { users } from './users';
import { notifications } from './notifications';
import { twoStep } from './two-step';
import { privacyRequests } from './privacy-requests';
import { myData } from './my-data';
import { accessRecord } from './access-record';
import { privacy } from './privacy';
import { terms } from './terms';

/** The whole Spanish catalogue: screen text plus the messages both services share. */
export const es = { common, auth, users, notifications, events, dashboard, reports, twoStep, privacy, privacyRequests, myData, accessRecord, terms, messages } as const;
