// The token secret comes from the environment only. A secret anyone can guess signs tokens
// anyone can forge (an Admin's included), so a short secret or a well-known placeholder is
// refused: always in production, and the short one in development too.
export const MIN_SECRET_LENGTH = 32;

/** Placeholders from tutorials, jwt.io and framework templates, compared without case or punctuation. */
const KNOWN_DEFAULTS = [
  'secret',
  'changeme',
  'change-me-in-production',
  'your-256-bit-secret',
  'your-secret-key',
  'your_jwt_secret',
  'jwt-secret',
  'supersecret',
  'super-secret-key-that-is-at-least-32-characters-long',
  'mysupersecretkey',
  'ThisIsMySecretKeyForJwtTokenGeneration',
  'thisisasecretkeyforjwttokenthatislongenough',
  'a-string-secret-at-least-256-bits-long',
  'pustak',
  'pustak123',
  'pustak-jwt-secret',
  // Committed in this repository's tests and bench: known to everyone who reads it.
  'production-test-secret-0123456789abcdef',
  'e2e-secret-that-is-long-enough-12345678',
  'hub-test-secret-that-is-long-enough-1234',
  'bench-secret-that-is-long-enough-0123456789',
];
const simplify = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
const KNOWN = new Set(KNOWN_DEFAULTS.map(simplify));

/** Why this secret must not sign tokens, or null when it may. */
export function jwtSecretProblem(secret: string | undefined, { production }: { production: boolean }): string | null {
  if (secret === undefined || secret === '') {
    return production ? 'PUSTAK_JWT_SECRET is not set. In production the token secret must come from the environment.' : null;
  }
  if (secret.length < MIN_SECRET_LENGTH) return `PUSTAK_JWT_SECRET is too short: use at least ${MIN_SECRET_LENGTH} characters.`;
  if (!production) return null;
  const simple = simplify(secret);
  // A placeholder repeated, or with digits added, is still the placeholder.
  const rest = [...KNOWN].sort((a, b) => b.length - a.length).reduce((left, known) => left.split(known).join(''), simple);
  if (KNOWN.has(simple) || (rest !== simple && /^\d*$/.test(rest))) return 'PUSTAK_JWT_SECRET is a well-known default. Generate a random one.';
  if (new Set(secret).size < 10) return 'PUSTAK_JWT_SECRET repeats too few characters to be random. Generate a random one.';
  return null;
}

export const SECRET_HINT = `  export PUSTAK_JWT_SECRET="$(node -e 'console.log(require("crypto").randomBytes(32).toString("base64url"))')"`;
