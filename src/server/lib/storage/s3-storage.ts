import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentTypeForKey, isValidObjectKey, type Storage } from './storage.ts';

export type S3Settings = {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  /**
   * Where browsers reach the bucket, when not at `endpoint` (S3_PUBLIC_ENDPOINT): in compose the
   * app talks to `http://minio:9000`, which no browser can resolve. Presigned URLs are signed for
   * this host (the signature covers it), so they are made by a client pointed here.
   */
  publicEndpoint?: string | undefined;
};

/**
 * S3-compatible storage (AWS S3, R2, MinIO). The browser PUTs uploads straight to the bucket with
 * a presigned URL, and plays private media from a presigned GET; the server reads objects (with
 * Range) to serve public images.
 */
export function createS3Storage(settings: S3Settings): Storage {
  const clientFor = (endpoint: string | undefined) =>
    new S3Client({
      region: settings.region,
      endpoint,
      forcePathStyle: settings.forcePathStyle,
      // Presigned PUTs must not carry a checksum of an empty body (docs/architecture.md, "Contracts").
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
    });
  const client = clientFor(settings.endpoint);
  // Presigning is offline (no request is sent): a second client for the browsers' host is free.
  const presigner = settings.publicEndpoint ? clientFor(settings.publicEndpoint) : client;
  const Bucket = settings.bucket;
  const checkKey = (key: string) => {
    if (!isValidObjectKey(key)) throw new Error(`invalid object key: ${key}`);
    return key;
  };
  const browserEndpoint = settings.publicEndpoint ?? settings.endpoint;
  const uploadOrigin = browserEndpoint
    ? new URL(browserEndpoint).origin
    : `https://${settings.bucket}.s3.${settings.region}.amazonaws.com`;

  return {
    driver: 's3',
    async stat(key) {
      if (!isValidObjectKey(key)) return null;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return {
          key,
          size: head.ContentLength ?? 0,
          contentType: head.ContentType ?? 'application/octet-stream',
          lastModified: head.LastModified ?? new Date(0),
        };
      } catch (error) {
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async read(key, range) {
      const object = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: checkKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return object.Body as Readable;
    },
    async write(key, body, contentType) {
      let payload: Buffer;
      if (Buffer.isBuffer(body)) payload = body;
      else {
        const chunks: Buffer[] = [];
        for await (const chunk of Readable.from(body)) chunks.push(Buffer.from(chunk));
        payload = Buffer.concat(chunks);
      }
      await client.send(
        new PutObjectCommand({ Bucket, Key: checkKey(key), Body: payload, ContentType: contentType }),
      );
    },
    async move(fromKey, toKey, contentType) {
      await client.send(
        new CopyObjectCommand({
          Bucket,
          Key: checkKey(toKey),
          CopySource: `${Bucket}/${checkKey(fromKey)}`,
          ContentType: contentType,
          MetadataDirective: 'REPLACE',
        }),
      );
      await client.send(new DeleteObjectCommand({ Bucket, Key: fromKey }));
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (!object.Key || !isValidObjectKey(object.Key)) continue;
          yield {
            key: object.Key,
            size: object.Size ?? 0,
            contentType: contentTypeForKey(object.Key),
            lastModified: object.LastModified ?? new Date(0),
          };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    createUploadUrl(key, ttlSeconds, size) {
      // ContentLength becomes a signed header (X-Amz-SignedHeaders=content-length;host): a PUT
      // of any other length does not match the signature and S3 refuses it.
      return getSignedUrl(
        presigner,
        new PutObjectCommand({
          Bucket,
          Key: checkKey(key),
          ...(size === undefined ? {} : { ContentLength: size }),
        }),
        { expiresIn: ttlSeconds },
      );
    },
    createDownloadUrl(key, ttlSeconds) {
      return getSignedUrl(presigner, new GetObjectCommand({ Bucket, Key: checkKey(key) }), {
        expiresIn: ttlSeconds,
      });
    },
    uploadOrigins: [uploadOrigin],
  };
}
