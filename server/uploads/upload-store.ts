// Where uploaded screenshots (and the Android app package) live. Local disk under DATA_DIR/uploads with server-made names; the
// interface is what an object store would implement when several instances serve one site.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile, rm } from 'node:fs/promises';
import path from 'node:path';

export interface UploadStore {
  /** Saves bytes under a fresh server-made key and returns the key. */
  put(bytes: Buffer, ext: string): Promise<string>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

const KEY_RE = /^[0-9a-f]{2}\/[0-9a-f]{32}\.(png|jpg|webp|apk)$/;

export function createLocalUploadStore(dir: string): UploadStore {
  return {
    async put(bytes, ext) {
      const name = randomBytes(16).toString('hex');
      const key = `${name.slice(0, 2)}/${name}.${ext}`;
      await mkdir(path.join(dir, name.slice(0, 2)), { recursive: true });
      await writeFile(path.join(dir, key), bytes, { flag: 'wx' });
      return key;
    },
    async get(key) {
      if (!KEY_RE.test(key)) return null;
      try {
        return await readFile(path.join(dir, key));
      } catch {
        return null;
      }
    },
    async delete(key) {
      if (!KEY_RE.test(key)) return;
      await rm(path.join(dir, key), { force: true });
    },
  };
}
