// An S3-compatible server (s3rver) on loopback for the storage tests, in a process of its own:
// s3rver signs list continuation tokens with DES, which Node's OpenSSL 3 only has with
// --openssl-legacy-provider (given by api/test/s3.ts). Arguments: port (0: any), folder, bucket.
// Prints {"port": n} once it listens; stops on SIGTERM.
const S3rver = require('s3rver');

const [port, directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(port),
  directory,
  silent: true,
  configureBuckets: [{ name: bucket }],
});
server.run().then(
  (address) => process.stdout.write(`${JSON.stringify({ port: address.port })}\n`),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
process.on('SIGTERM', () => server.close().then(() => process.exit(0)));
