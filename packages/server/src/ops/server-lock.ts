// A PGlite data folder is one process's: the server notes its process id in DATA_DIR/server.pid
// while it runs (main.ts), so a backup or restore can refuse to touch the folder under it.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const file = (dataDir: string) => join(dataDir, 'server.pid');

/** The process id of a live server on the folder, or null (a file left by a crash does not count). */
export async function runningServer(dataDir: string): Promise<number | null> {
  const pid = Number((await readFile(file(dataDir), 'utf8').catch(() => '')).trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

export async function holdDataDir(dataDir: string): Promise<() => Promise<void>> {
  await writeFile(file(dataDir), `${process.pid}\n`);
  return () => rm(file(dataDir), { force: true });
}
