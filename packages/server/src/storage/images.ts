// Book covers on local disk, served by the server under /uploads/. Only images are kept, told
// by their first bytes (not by the name or the declared type), at most 5 MB.
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const UPLOADS_PREFIX = '/uploads/';

export type ImageKind = 'png' | 'jpg' | 'gif' | 'webp' | 'svg';

/** The image type of `bytes`, or null when they are not a PNG, JPEG, GIF, WebP or SVG image. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return 'webp';
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)) return 'svg';
  return null;
}

export interface ImageStore {
  /** The folder the files live in (served at /uploads/ from disk); none for a bucket (storage/s3-images.ts). */
  readonly dir?: string;
  /** An image this store saved, by its file name (`<id>.<ext>`), or null; for a store without `dir`. */
  open?(name: string): Promise<{ body: NodeJS.ReadableStream | Uint8Array; length?: number | undefined } | null>;
  /** Stores the bytes and answers the path to put in imageUrl (`/uploads/<id>.<ext>`). */
  save(bytes: Uint8Array, kind: ImageKind): Promise<string>;
  /** Removes an image this store saved; other paths are left alone. */
  remove(path: string | null): Promise<void>;
  /** Lets go of its connections (a bucket's client). */
  close?(): void;
}

/** The file name of an image a store saved (`/uploads/<uuid>.<ext>`), or null for any other path. */
export function savedName(path: string | null): string | null {
  if (!path?.startsWith(UPLOADS_PREFIX)) return null;
  const name = path.slice(UPLOADS_PREFIX.length);
  return IMAGE_NAME.test(name) ? name : null;
}
export const IMAGE_NAME = /^[0-9a-f-]{36}\.(png|jpg|gif|webp|svg)$/;
export const CONTENT_TYPES: Record<ImageKind, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', svg: 'image/svg+xml' };

export async function createImageStore(dir: string): Promise<ImageStore> {
  await mkdir(dir, { recursive: true });
  return {
    dir,
    async save(bytes, kind) {
      const name = `${randomUUID()}.${kind}`;
      await writeFile(join(dir, name), bytes);
      return `${UPLOADS_PREFIX}${name}`;
    },
    async remove(path) {
      const name = savedName(path);
      if (name) await rm(join(dir, name), { force: true });
    },
  };
}
