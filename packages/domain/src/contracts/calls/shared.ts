import { FILE_CONTENT_TYPES } from '../../validators/files.ts';
import type { Download } from '../call.ts';

/** The content types of a spreadsheet download, by format (direct exports and queued files). */
export const SHEET_CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

export const SHEET_DOWNLOAD: Download = { contentTypes: Object.values(SHEET_CONTENT_TYPES) };

/**
 * A stored attachment: served with the type the server sniffed (GUIDE §7), one of the accepted
 * kinds', or as bytes to save when it has none.
 */
export const ATTACHMENT_DOWNLOAD: Download = {
  contentTypes: [...new Set([...Object.values(FILE_CONTENT_TYPES), 'application/octet-stream'])],
};
