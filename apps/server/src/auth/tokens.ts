import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: used for session tokens and password-reset links. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** Tokens are stored only as their SHA-256, so the table alone cannot be replayed. */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');
