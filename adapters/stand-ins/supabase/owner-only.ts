import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Creates `dir` (and its parents) for the owner only, and makes an existing one so. */
export async function ownerOnlyFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
}

/**
 * Makes every folder under `dir` 0700 and every file 0600 (symbolic links are left alone). PGlite
 * writes its files 0666 whatever the umask, and they hold every user's data and the auth secrets'
 * effects, so the stand-in runs this over its data folder when it opens and closes it; the folder
 * itself is 0700 from the start, so nobody else can reach a file in between.
 */
export async function ownerOnlyTree(dir: string): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  await chmod(dir, 0o700);
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await ownerOnlyTree(path);
    else if (entry.isFile() && ((await lstat(path)).mode & 0o077) !== 0) await chmod(path, 0o600);
  }
}
