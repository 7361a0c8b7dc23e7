import { chmodSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * The embedded database belongs to the server process (DATA_DIR/attend.lock), so `npm run backup`
 * asks that process for the dump over a Unix socket in DATA_DIR. The directory is private to the
 * server's user (0700): whoever can connect could read the files anyway, so no credentials.
 *
 * Protocol: the client sends `dump\n`; the server answers one JSON line, `{"ok":true,"bytes":N}`
 * followed by the N bytes of the gzip tarball, or `{"ok":false,"error":"…"}`, then closes.
 */
export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, 'attend.sock');
}

/**
 * Longer socket paths are cut short by the operating system (Linux 107 bytes, macOS 103) and the
 * socket would land elsewhere, outside the private directory: such a DATA_DIR gets no socket.
 */
const MAX_SOCKET_PATH = 100;

export class BackupSocketError extends Error {}

type Log = { warn: (msg: string) => void; error: (msg: string) => void };

/**
 * Listens on DATA_DIR/attend.sock and answers each connection with `dump()`. Call only while holding
 * the DATA_DIR lock (a socket file left there is then stale). Resolves to the function that stops it:
 * it waits for dumps under way, then closes the connections and removes the socket file.
 */
export async function serveBackups(
  dataDir: string,
  dump: () => Promise<Blob>,
  log: Log,
): Promise<() => Promise<void>> {
  const file = backupSocketPath(dataDir);
  const unusable =
    process.platform === 'win32'
      ? 'Windows has no Unix sockets'
      : Buffer.byteLength(file) > MAX_SOCKET_PATH
        ? `${file} is too long for a Unix socket`
        : null;
  if (unusable) {
    log.warn(`No backup socket (${unusable}): npm run backup needs the server stopped.`);
    return async () => {};
  }
  rmSync(file, { force: true });
  const pending = new Set<Promise<void>>();
  const connections = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
    socket.on('error', () => socket.destroy());
    let request = '';
    const onData = (chunk: Buffer) => {
      request += chunk.toString('utf8');
      if (!request.includes('\n')) {
        if (request.length > 64) socket.destroy();
        return;
      }
      socket.off('data', onData);
      const task = answer(socket, request.split('\n')[0] ?? '', dump, log);
      pending.add(task);
      void task.finally(() => pending.delete(task));
    };
    socket.on('data', onData);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(file, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    // Serving matters more than the socket: without it, backups wait for the server to stop.
    log.warn(
      `No backup socket (${err instanceof Error ? err.message : String(err)}): npm run backup needs the server stopped.`,
    );
    return async () => {};
  }
  server.on('error', (err) => log.error(`Backup socket: ${err.message}`));
  chmodSync(file, 0o600);
  return async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    await Promise.allSettled([...pending]);
    // A client still reading gets a few seconds to take the rest of its dump.
    const grace = setTimeout(() => connections.forEach((s) => s.destroy()), 5_000);
    await closed;
    clearTimeout(grace);
    rmSync(file, { force: true });
  };
}

async function answer(
  socket: net.Socket,
  command: string,
  dump: () => Promise<Blob>,
  log: Log,
): Promise<void> {
  if (command.trim() !== 'dump') {
    socket.end(JSON.stringify({ ok: false, error: `unknown command "${command.slice(0, 20)}"` }) + '\n');
    return;
  }
  let bytes: Buffer;
  try {
    bytes = Buffer.from(await (await dump()).arrayBuffer());
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    log.error(`Backup failed: ${message}`);
    socket.end(JSON.stringify({ ok: false, error: message }) + '\n');
    return;
  }
  socket.write(JSON.stringify({ ok: true, bytes: bytes.length }) + '\n');
  socket.end(bytes);
}

/**
 * Asks the server running on `dataDir` for a dump. Resolves to null when no server listens there
 * (no socket, or one left by a process that has ended); throws BackupSocketError when it answers
 * with an error or the transfer is cut short.
 */
export function requestBackup(dataDir: string): Promise<Buffer | null> {
  const file = backupSocketPath(dataDir);
  if (Buffer.byteLength(file) > MAX_SOCKET_PATH) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const socket = net.connect(file);
    const chunks: Buffer[] = [];
    let connected = false;
    socket.on('connect', () => {
      connected = true;
      socket.write('dump\n');
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (!connected && (err.code === 'ENOENT' || err.code === 'ECONNREFUSED')) resolve(null);
      else reject(new BackupSocketError(`The server's backup socket failed: ${err.message}`));
    });
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(0x0a);
      let header: { ok?: boolean; bytes?: number; error?: string } = {};
      try {
        header = JSON.parse(all.subarray(0, newline).toString('utf8')) as typeof header;
      } catch {
        // handled below as a cut-short answer
      }
      const body = all.subarray(newline + 1);
      if (newline < 0 || (header.ok !== true && !header.error)) {
        reject(new BackupSocketError('The server closed the backup socket without an answer.'));
      } else if (header.ok !== true) {
        reject(new BackupSocketError(`The server could not make the backup: ${header.error}`));
      } else if (body.length !== header.bytes) {
        reject(new BackupSocketError(`The backup was cut short (${body.length} of ${header.bytes} bytes).`));
      } else resolve(body);
    });
  });
}
