import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 in front of a server (PostgreSQL, the object store) that the test can
 * cut and restore, as a network failure or a restart would.
 */
export class CuttableProxy {
  private server: Server | undefined;
  private sockets = new Set<Socket>();
  port = 0;
  /** Bytes sent to the target so far: a test cuts in the middle of an upload by it. */
  forwarded = 0;

  constructor(private target: { host: string; port: number }) {}

  async open(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.on('data', (chunk: Buffer) => (this.forwarded += chunk.length));
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  /** Refuses new connections and resets every open one. */
  async cut(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server?.close(() => resolve()));
    for (const socket of this.sockets) socket.resetAndDestroy();
    await closed;
  }
}
