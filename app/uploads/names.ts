/**
 * The new-event form's field that says its files follow by tus from the page (with JavaScript,
 * decision 155): the action then answers with the event instead of going to its page. Its value is
 * how many files were chosen.
 */
export const FILES_FOLLOW_FIELD = 'filesFollow';

/** The new-event form's step after its files were sent by tus: the toasts, then the event's page. */
export const FILES_SENT_INTENT = 'filesSent';
