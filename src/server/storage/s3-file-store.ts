import { PassThrough, type Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  type S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { checkedName, type FileStore, type SignedHeaders } from "./file-store";

/** The store did not answer, or answered with an error: the caller answers 503, never 500. */
export class StorageUnavailable extends Error {}

/** A stored file that is not there. */
export class StoredFileMissing extends Error {}

export interface S3Location {
  bucket: string;
  /** Key prefix inside the bucket (the URL's path), "" or ending with "/". */
  prefix: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
}

/** `s3://BUCKET[/prefix]?endpoint=http://host:port&region=REGION&forcePathStyle=true` (ASSETS_S3_URL). */
export function parseS3Url(text: string): S3Location {
  const url = new URL(text);
  if (url.protocol !== "s3:" || !url.hostname) throw new Error("must look like s3://bucket?region=...");
  const path = url.pathname.replace(/^\/+|\/+$/g, "");
  const endpoint = url.searchParams.get("endpoint") ?? undefined;
  if (endpoint && !/^https?:\/\//.test(endpoint)) throw new Error("endpoint must be an http(s) URL");
  return {
    bucket: url.hostname,
    prefix: path ? `${path}/` : "",
    ...(endpoint ? { endpoint } : {}),
    region: url.searchParams.get("region") ?? "us-east-1",
    forcePathStyle: url.searchParams.get("forcePathStyle") === "true",
  };
}

const TIMEOUT_MS = 5000;

function missing(error: unknown): boolean {
  const e = error as S3ServiceException & { Code?: string };
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
}

function unavailable(error: unknown): Error {
  if (missing(error)) return new StoredFileMissing("no such stored file");
  return new StorageUnavailable(`the file store did not answer: ${(error as Error)?.message ?? error}`);
}

/**
 * Asset files in an S3-compatible bucket (decision 046's second adapter): originals, renditions and
 * uploads waiting, under the same generated names as on disk. Credentials come from the SDK's usual
 * chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY). Every call has a 5 s limit and one retry: a slow
 * or failing store is a StorageUnavailable, a missing file a StoredFileMissing (or null from size).
 */
export class S3FileStore implements FileStore {
  private readonly client: S3Client;

  constructor(private readonly location: S3Location) {
    this.client = new S3Client({
      region: location.region,
      ...(location.endpoint ? { endpoint: location.endpoint } : {}),
      forcePathStyle: location.forcePathStyle,
      maxAttempts: 2,
      requestHandler: { requestTimeout: TIMEOUT_MS, connectionTimeout: TIMEOUT_MS },
    });
  }

  private key(name: string): string {
    return `${this.location.prefix}${checkedName(name)}`;
  }

  async write(name: string, data: Buffer | Readable): Promise<void> {
    try {
      // A stream of unknown length goes up in parts; S3 shows the object only once it is whole.
      await new Upload({
        client: this.client,
        params: { Bucket: this.location.bucket, Key: this.key(name), Body: data },
      }).done();
    } catch (error) {
      throw unavailable(error);
    }
  }

  read(name: string): Readable {
    const out = new PassThrough();
    this.client.send(new GetObjectCommand({ Bucket: this.location.bucket, Key: this.key(name) })).then(
      (answer) => {
        const body = answer.Body as Readable;
        body.on("error", (error) => out.destroy(unavailable(error)));
        body.pipe(out);
      },
      (error) => out.destroy(unavailable(error)),
    );
    return out;
  }

  async readBuffer(name: string): Promise<Buffer> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.location.bucket, Key: this.key(name) }),
      );
      return Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
    } catch (error) {
      throw unavailable(error);
    }
  }

  async size(name: string): Promise<number | null> {
    try {
      const answer = await this.client.send(
        new HeadObjectCommand({ Bucket: this.location.bucket, Key: this.key(name) }),
      );
      return answer.ContentLength ?? 0;
    } catch (error) {
      if (missing(error)) return null;
      throw unavailable(error);
    }
  }

  /** A presigned GET (signed here, no request to the store), answered with the server's own headers. */
  async signedUrl(name: string, seconds: number, headers: SignedHeaders): Promise<string> {
    try {
      return await getSignedUrl(
        this.client,
        new GetObjectCommand({
          Bucket: this.location.bucket,
          Key: this.key(name),
          ResponseContentType: headers.contentType,
          ResponseCacheControl: headers.cacheControl,
          ...(headers.contentDisposition ? { ResponseContentDisposition: headers.contentDisposition } : {}),
        }),
        { expiresIn: seconds },
      );
    } catch (error) {
      throw unavailable(error);
    }
  }

  async remove(name: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.location.bucket, Key: this.key(name) }));
    } catch (error) {
      if (!missing(error)) throw unavailable(error);
    }
  }
}
