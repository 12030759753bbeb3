/** A free TCP port on 127.0.0.1, for a server a test or benchmark starts as a child process. */
import net from 'node:net';

/** Asks the system for a free port by listening on port 0, then closes and returns it. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}
