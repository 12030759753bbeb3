/** Hangs the database on the instance (STYLE.md habit 3: only infrastructure on Fastify). */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '../db/client.js';
import type { Config } from '../config.js';
import type { FileStore } from '../lib/storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    config: Config;
    fileStore: FileStore;
  }
}

export default fp(
  async function db(
    app: FastifyInstance,
    options: { database: Database; config: Config; fileStore: FileStore },
  ) {
    app.decorate('db', options.database.db);
    app.decorate('database', options.database);
    app.decorate('config', options.config);
    app.decorate('fileStore', options.fileStore);
  },
  { name: 'db' },
);
