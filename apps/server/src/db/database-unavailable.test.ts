// Which driver failures count as the database being away (503 with Retry-After) and which stay a 500: real
// errors from better-sqlite3 and pg where a test can cause them, the driver's own error classes where it
// cannot (every extended I/O code, a PostgreSQL server shutting down).
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable';

let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'snaplist-unavailable-'));
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** What `work` throws; fails the test when it throws nothing. */
async function thrownBy(work: () => unknown): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

function openFile(name: string, busyTimeoutMs = 0): SQLite.Database {
  const connection = new SQLite(path.join(dir, name));
  connection.pragma('journal_mode = WAL');
  connection.pragma(`busy_timeout = ${busyTimeoutMs}`);
  return connection;
}

/** A server that takes connections and does `onConnection` with each: what pg meets on a broken line. */
async function tcpServer(
  onConnection: (socket: net.Socket) => void,
): Promise<{ url: string; close(): void }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    onConnection(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/test`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

/** A port nobody listens on: one the system gave out and took back. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function postgresError(code: string, message: string): pg.DatabaseError {
  const error = new pg.DatabaseError(message, message.length, 'error');
  error.code = code;
  return error;
}

describe('SQLite', () => {
  it('counts a write still locked out after the busy timeout', async () => {
    const holder = openFile('busy.db');
    const writer = openFile('busy.db', 20);
    try {
      holder.exec('create table items (id integer primary key)');
      holder.exec('begin immediate');
      holder.exec('insert into items default values');
      const error = await thrownBy(() => writer.exec('insert into items default values'));
      expect(error).toMatchObject({ code: 'SQLITE_BUSY' });
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      holder.close();
      writer.close();
    }
  });

  it('counts a file that cannot be opened', async () => {
    const folder = path.join(dir, 'a-folder.db');
    fs.mkdirSync(folder);
    const error = await thrownBy(() => new SQLite(folder));
    expect(error).toMatchObject({ code: 'SQLITE_CANTOPEN' });
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('counts a file gone from under an open connection', async () => {
    const file = path.join(dir, 'gone.db');
    const connection = new SQLite(file);
    try {
      fs.rmSync(file);
      const error = await thrownBy(() => connection.exec('create table items (id integer primary key)'));
      expect(error).toMatchObject({ code: expect.stringMatching(/^SQLITE_IOERR/) });
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      connection.close();
    }
  });

  it('counts a full disk, as the database growing past its limit shows it', async () => {
    const connection = openFile('full.db');
    try {
      connection.exec('create table items (text text)');
      connection.pragma('max_page_count = 8');
      const insert = connection.prepare('insert into items values (?)');
      const error = await thrownBy(() => {
        for (let row = 0; row < 1000; row++) insert.run('x'.repeat(1000));
      });
      expect(error).toMatchObject({ code: 'SQLITE_FULL' });
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      connection.close();
    }
  });

  it('counts a failing disk, with any extended code', () => {
    for (const code of ['SQLITE_IOERR', 'SQLITE_IOERR_WRITE', 'SQLITE_IOERR_FSYNC', 'SQLITE_BUSY_SNAPSHOT']) {
      expect(isDatabaseUnavailable(new SQLite.SqliteError('disk I/O error', code)), code).toBe(true);
    }
  });

  it('leaves a broken constraint, bad SQL and other codes that only share a prefix to the 500', async () => {
    const connection = openFile('fine.db');
    try {
      connection.exec('create table items (id integer primary key)');
      connection.exec('insert into items values (1)');
      const duplicate = await thrownBy(() => connection.exec('insert into items values (1)'));
      expect(duplicate).toMatchObject({ code: 'SQLITE_CONSTRAINT_PRIMARYKEY' });
      expect(isDatabaseUnavailable(duplicate)).toBe(false);
      const syntax = await thrownBy(() => connection.exec('selec 1'));
      expect(isDatabaseUnavailable(syntax)).toBe(false);
      expect(isDatabaseUnavailable(new SQLite.SqliteError('no', 'SQLITE_FULLY_MADE_UP'))).toBe(false);
    } finally {
      connection.close();
    }
  });
});

describe('PostgreSQL (pg)', () => {
  it('counts a refused connection', async () => {
    const client = new pg.Client({
      connectionString: `postgres://postgres@127.0.0.1:${await closedPort()}/test`,
    });
    const error = await thrownBy(() => client.connect());
    expect(error).toMatchObject({ code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('counts a connection the server drops', async () => {
    const server = await tcpServer((socket) => socket.destroy());
    try {
      const error = await thrownBy(() => new pg.Client({ connectionString: server.url }).connect());
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      server.close();
    }
  });

  it('counts a pool that gets no connection in time', async () => {
    // Takes the connection and never answers, as a server that hangs does.
    const server = await tcpServer(() => {});
    const pool = new pg.Pool({ connectionString: server.url, connectionTimeoutMillis: 50 });
    pool.on('error', () => {});
    try {
      const error = await thrownBy(() => pool.query('select 1'));
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      server.close();
      await pool.end();
    }
  });

  it('counts a server shutting down, starting, out of connections or of disk, and class 08', () => {
    for (const code of ['57P01', '57P02', '57P03', '53300', '53100', '08000', '08003', '08006', '08P01']) {
      expect(isDatabaseUnavailable(postgresError(code, 'away')), code).toBe(true);
    }
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(
      isDatabaseUnavailable(new Error('Client has encountered a connection error and is not queryable')),
    ).toBe(true);
  });

  it('leaves errors of the query itself to the 500: a duplicate, bad input, bad SQL, a timeout, a deadlock', () => {
    for (const code of ['23505', '22P02', '42601', '57014', '40P01', '53200']) {
      expect(isDatabaseUnavailable(postgresError(code, 'refused')), code).toBe(false);
    }
  });
});

describe('around the error', () => {
  it('looks through a wrapped cause and every attempt of an AggregateError', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new Error('listing failed', { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([new Error('other'), refused]))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([new Error('other')]))).toBe(false);
  });

  it('leaves anything else alone', () => {
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
    expect(isDatabaseUnavailable({ code: 'ECONNREFUSED' })).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
