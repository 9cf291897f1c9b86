// Book covers in an S3-compatible bucket (S3_URL, S3_BUCKET; credentials from the environment as
// the AWS SDK reads them: AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY): instances on different
// machines share them without a mounted folder. The server still serves them at /uploads/<name>
// (plugins/static-files.ts streams the object), so image URLs, the pages' CSP and the sandbox
// headers of an uploaded SVG are the same as from disk.
import { randomUUID } from 'node:crypto';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { CONTENT_TYPES, IMAGE_NAME, UPLOADS_PREFIX, savedName, type ImageStore } from './images.js';

export interface S3Settings {
  /** The endpoint: https://s3.<region>.amazonaws.com, a MinIO or another S3-compatible server. */
  url: string;
  bucket: string;
  region?: string | undefined;
  /** Object keys start with this (a bucket shared with other uses): default `covers/`. */
  prefix?: string | undefined;
}

/** Connects and checks the bucket answers, so a wrong S3_URL, bucket or key stops the server at start, not at the first upload. */
export async function createS3ImageStore({ url, bucket, region = 'us-east-1', prefix = 'covers/' }: S3Settings): Promise<ImageStore> {
  // Path-style addressing (https://host/bucket/key) works with every S3-compatible server.
  const client = new S3Client({ endpoint: url, region, forcePathStyle: true });
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch (error) {
    client.destroy();
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    throw new Error(`the covers' bucket "${bucket}" at ${url} cannot be used (${status ? `HTTP ${status}` : (error as Error).message}): check S3_URL, S3_BUCKET and the credentials`, { cause: error });
  }
  return {
    async save(bytes, kind) {
      const name = `${randomUUID()}.${kind}`;
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: `${prefix}${name}`, Body: bytes, ContentType: CONTENT_TYPES[kind] }));
      return `${UPLOADS_PREFIX}${name}`;
    },
    async remove(path) {
      const name = savedName(path);
      if (name) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: `${prefix}${name}` }));
    },
    async open(name) {
      if (!IMAGE_NAME.test(name)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: `${prefix}${name}` }));
        if (!object.Body) return null;
        return { body: object.Body as NodeJS.ReadableStream, length: object.ContentLength };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey' || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
        throw error;
      }
    },
    close: () => client.destroy(),
  };
}
