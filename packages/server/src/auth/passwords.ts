import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, 2 passes): the OWASP minimum.
export const hashPassword = (password: string): Promise<string> => hash(password);

export async function passwordMatches(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let decoy: Promise<string> | undefined;
/** Spends the time of a real check when the account does not exist, so timing tells nothing. */
export async function burnPasswordCheck(password: string): Promise<void> {
  decoy ??= hash('decoy-password-for-unknown-accounts');
  await passwordMatches(await decoy, password);
}
