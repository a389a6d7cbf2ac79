import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";

export const TEST_BUCKET = "vitrine-assets";

/**
 * A real S3-compatible server on 127.0.0.1 (s3rver, files in a temporary folder) with the assets bucket,
 * for the S3 file store's tests. Its credentials are s3rver's own (S3RVER / S3RVER).
 */
export async function startS3(port = 0) {
  const directory = mkdtempSync(join(tmpdir(), "vitrine-s3-"));
  const server = new S3rver({
    port,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET, configs: [] }],
  });
  const { port: bound } = (await server.run()) as { port: number };
  process.env.AWS_ACCESS_KEY_ID = "S3RVER";
  process.env.AWS_SECRET_ACCESS_KEY = "S3RVER";
  const endpoint = `http://127.0.0.1:${bound}`;
  return {
    port: bound,
    url: `s3://${TEST_BUCKET}?endpoint=${encodeURIComponent(endpoint)}&region=eu-west-1&forcePathStyle=true`,
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
