import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestS3 {
  url: string;
  /** stored objects by `bucket/key` */
  objects: Map<string, { body: Buffer; contentType: string }>;
  requests: { method: string; path: string }[];
  close(): Promise<void>;
}

/**
 * A minimal S3-compatible server for tests, in process on loopback: path-style PutObject, GetObject,
 * HeadObject and DeleteObject on any bucket, with S3's XML error for a missing key. It checks that a
 * request is SigV4-signed with the expected access key but does not verify the signature.
 */
export async function startTestS3(accessKeyId: string): Promise<TestS3> {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: { method: string; path: string }[] = [];
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).slice(1);
    requests.push({ method: req.method ?? '', path });
    if (!(req.headers.authorization ?? '').startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`)) {
      res.writeHead(403, { 'Content-Type': 'application/xml' }).end('<Error><Code>AccessDenied</Code></Error>');
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const found = objects.get(path);
      const missing = () =>
        res
          .writeHead(404, { 'Content-Type': 'application/xml' })
          .end(req.method === 'HEAD' ? undefined : `<Error><Code>NoSuchKey</Code><Key>${path}</Key></Error>`);
      switch (req.method) {
        case 'PUT':
          objects.set(path, {
            body: Buffer.concat(chunks),
            contentType: req.headers['content-type'] ?? 'application/octet-stream',
          });
          res.writeHead(200, { ETag: '"x"' }).end();
          return;
        case 'GET':
        case 'HEAD':
          if (!found) return missing();
          res.writeHead(200, { 'Content-Type': found.contentType, 'Content-Length': found.body.length });
          res.end(req.method === 'GET' ? found.body : undefined);
          return;
        case 'DELETE':
          objects.delete(path);
          res.writeHead(204).end();
          return;
        default:
          res.writeHead(501).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
