/**
 * A real S3-compatible server on a loopback port for the tests (s3rver: the S3 REST API over files in a
 * temporary folder), with one bucket. `url` is the STORAGE_URL that points the app at it.
 */
import S3rver from "s3rver";

export async function startS3(bucket = "blobs") {
  const directory = await Deno.makeTempDir({ prefix: "s3rver-" });
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    url: `s3+http://S3RVER:S3RVER@127.0.0.1:${port}/${bucket}`,
    directory,
    async close() {
      await server.close();
      await Deno.remove(directory, { recursive: true }).catch(() => {});
    },
  };
}
