import { describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import { reports } from '~/locales/es/reports';
import { DOWNLOAD_ERRORS, DOWNLOAD_ERROR_STATUS, downloadErrorOf } from './report-request';

describe('why a download came back to the reports form', () => {
  it('tells "every export place is busy" (503 with the catalogue message) apart from the service being down', () => {
    expect(downloadErrorOf(503, messages.exportsBusy)).toBe('busy');
    expect(downloadErrorOf(503, messages.serviceUnavailable)).toBe('unavailable');
    expect(downloadErrorOf(503)).toBe('unavailable');
    expect(DOWNLOAD_ERROR_STATUS.busy).toBe(503);
    expect(reports.errors.busy).toBe('Hay muchas descargas en curso; intente nuevamente en unos segundos.');
  });

  it('has a Spanish sentence for every reason', () => {
    for (const reason of DOWNLOAD_ERRORS) expect(reports.errors[reason]).toMatch(/\S/);
  });
});
