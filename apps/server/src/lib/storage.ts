import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded media live; keys are relative paths such as `u/12/avatar-<random>.webp`. */
export interface MediaStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** Removes every object under a prefix, e.g. all files of a deleted user. */
  deletePrefix(prefix: string): Promise<void>;
  /** The root-relative URL that serves the object. */
  url(key: string): string;
}

const safeKey = (key: string) => {
  if (!/^[a-z0-9][a-z0-9/_.-]*$/i.test(key) || key.includes('..'))
    throw new Error(`Unsafe media key: ${key}`);
  return key;
};

export const createLocalStorage = (root: string): MediaStorage => ({
  async put(key, data) {
    const file = path.join(root, safeKey(key));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data);
  },
  async delete(key) {
    await rm(path.join(root, safeKey(key)), { force: true });
  },
  async deletePrefix(prefix) {
    await rm(path.join(root, safeKey(prefix)), { recursive: true, force: true });
  },
  url: (key) => `/media/${key}`,
});
