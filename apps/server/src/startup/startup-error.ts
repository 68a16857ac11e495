/**
 * A fault the operator must fix before the server can start. Its message is the one Portuguese
 * line printed on stderr (no stack: the line already says what to do).
 */
export class StartupError extends Error {
  override name = 'StartupError';
}
