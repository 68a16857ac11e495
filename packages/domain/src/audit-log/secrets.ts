/**
 * What the audit trail must never show (GUIDE §7: tokens, reset links and password hashes never
 * reach a log, nor a screen): any field whose name speaks of a password, hash, token, session, key,
 * credential or secret, and any value shaped like a password hash or a bearer credential, whatever
 * its field is called.
 */
const SECRET_WORDS = new Set([
  'password',
  'passwd',
  'senha',
  'hash',
  'token',
  'secret',
  'segredo',
  'salt',
  'otp',
  'pwd',
  'session',
  'sessao',
  'key',
  'authorization',
  'cookie',
  'credential',
  'credentials',
  'credencial',
  'credenciais',
]);

/** A flag about a password, not the password: whether the user still has to choose one. */
const NOT_SECRET = new Set(['trocar_senha']);

/** camelCase and snake_case name the same field: passwordHash is password_hash. */
export const snakeCase = (key: string): string =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/-/g, '_')
    .toLowerCase();

export const isSecretField = (key: string): boolean => {
  const name = snakeCase(key);
  return !NOT_SECRET.has(name) && name.split('_').some((word) => SECRET_WORDS.has(word));
};

/** argon2, bcrypt and scrypt hashes in their usual encodings, and an Authorization header's value. */
const SECRET_SHAPE = /^(\$(argon2(id|i|d)|2[abxy]|scrypt|pbkdf2)|(Bearer|Basic) +[\w.~+/=-]+$)/;

export const isSecretValue = (value: unknown): boolean =>
  typeof value === 'string' && SECRET_SHAPE.test(value);

/** A JSON value without its secrets, at any depth. */
export function withoutSecrets(value: unknown): unknown {
  if (isSecretValue(value)) return undefined;
  if (Array.isArray(value)) return value.filter((v) => !isSecretValue(v)).map(withoutSecrets);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key, v]) => !isSecretField(key) && !isSecretValue(v))
        .map(([key, v]) => [key, withoutSecrets(v)]),
    );
  }
  return value;
}
