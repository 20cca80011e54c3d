// Uploads as objects in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, DigitalOcean
// Spaces...), for sites whose processes share no disk and would rather not keep files in the
// database. Loaded only when STORAGE=s3 (the SDK stays out of the default start).
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { newUploadKey, UPLOAD_KEY_RE, type UploadStore } from './upload-store.ts';

export interface S3Options {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style URLs (endpoint/bucket/key), as MinIO and most self-hosted stores need. */
  forcePathStyle: boolean;
}

const MIME: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', apk: 'application/vnd.android.package-archive' };

function isMissing(err: unknown): boolean {
  return err instanceof NoSuchKey || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404);
}

export function createS3UploadStore(options: S3Options): UploadStore {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
  });
  const write = (key: string, bytes: Buffer, onlyIfAbsent: boolean) =>
    client.send(
      new PutObjectCommand({
        Bucket: options.bucket,
        Key: key,
        Body: bytes,
        ContentType: MIME[key.split('.').pop() ?? ''] ?? 'application/octet-stream',
        ...(onlyIfAbsent ? { IfNoneMatch: '*' } : {}),
      }),
    );
  return {
    kind: 's3',
    async put(bytes, ext) {
      const key = newUploadKey(ext);
      await write(key, bytes, false);
      return key;
    },
    async copyIn(key, bytes) {
      if (!UPLOAD_KEY_RE.test(key)) throw new Error(`not an upload key: ${key}`);
      // Stores without conditional writes (If-None-Match) would overwrite: look first.
      try {
        await client.send(new HeadObjectCommand({ Bucket: options.bucket, Key: key }));
        return;
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
      try {
        await write(key, bytes, true);
      } catch (err) {
        // 412: the object is already there (a copy run twice keeps the first).
        if (!(err instanceof S3ServiceException && err.$metadata.httpStatusCode === 412)) throw err;
      }
    },
    async get(key) {
      if (!UPLOAD_KEY_RE.test(key)) return null;
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: key }));
        return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      if (!UPLOAD_KEY_RE.test(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
    },
  };
}
