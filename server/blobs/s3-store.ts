import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { checkKey, type BlobStore } from './blob-store';

export interface S3Settings {
  /** e.g. https://s3.eu-central-1.amazonaws.com or http://minio:9000; omitted for AWS's default */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** path-style URLs (`endpoint/bucket/key`), as MinIO and most self-hosted stores need */
  forcePathStyle?: boolean;
  /** a key prefix, so one bucket can hold several installations */
  prefix?: string;
}

/** Originals in an S3-compatible bucket, shared by every server instance behind a load balancer. */
export function s3BlobStore(s: S3Settings): BlobStore {
  const client = new S3Client({
    endpoint: s.endpoint,
    region: s.region,
    forcePathStyle: s.forcePathStyle ?? false,
    credentials:
      s.accessKeyId && s.secretAccessKey
        ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: several S3-compatible stores refuse the newer flexible checksums.
    // A store that does not answer must not hold a request forever (blobs/timeouts.ts bounds the whole call).
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 15_000 },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const prefix = s.prefix ? `${s.prefix.replace(/\/+$/, '')}/` : '';
  const Key = (key: string) => prefix + checkKey(key);
  return {
    kind: 's3',
    async put(key, data, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: s.bucket,
          Key: Key(key),
          Body: data,
          ContentType: contentType,
          ContentLength: data.length,
        }),
      );
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: s.bucket, Key: Key(key) }));
        if (!out.Body) return undefined;
        return Buffer.from(await out.Body.transformToByteArray());
      } catch (e) {
        if (e instanceof NoSuchKey || (e as { name?: string }).name === 'NotFound') return undefined;
        throw e;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: s.bucket, Key: Key(key) }));
    },
  };
}
