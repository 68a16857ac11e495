import { MAX_FILE_BYTES } from '@portal/domain';

/**
 * Every size and time limit a request meets, in one place (issue 16). The whole-request time limit
 * is the operator's setting REQUEST_TIMEOUT_MS (config.requestTimeoutMs); the attachment size is
 * the domain's MAX_FILE_BYTES, the same 15 MB the web app checks and announces.
 */

/** A JSON (or any non-multipart) body. */
export const BODY_LIMIT_BYTES = 1_048_576;

/** A socket that sends nothing for this long is dropped before it becomes a request. */
export const CONNECTION_TIMEOUT_MS = 20_000;

/**
 * Multipart saves: up to five attachments of MAX_FILE_BYTES each, and the form's fields (the JSON
 * part `dados` included) within the body limit; more parts, fields or header lines is no form.
 */
export const MULTIPART_LIMITS = {
  fileSize: MAX_FILE_BYTES,
  files: 5,
  fields: 20,
  fieldSize: BODY_LIMIT_BYTES,
  parts: 25,
  headerPairs: 50,
} as const;

/** The largest provider-base export accepted: a million rows of csv is about 250 MB. */
export const MAX_IMPORT_BYTES = 400 * 1024 * 1024;
/** A preview of an import needs only the file's first rows. */
export const MAX_PREVIEW_BYTES = 1024 * 1024;
/** How long the job queue may take to apply an import once its file is stored (read, stage, apply). */
export const IMPORT_APPLY_TIMEOUT_MS = 15 * 60_000;
