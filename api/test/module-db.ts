// A fresh in-memory database with the demo world, for the domain modules' own tests (no server).
import { after, before } from 'node:test';
import { migrate, openDb, type Db } from '../src/db/index.js';
import { seed } from '../src/seed/index.js';
import { savedDatabase } from './support/databases.js';

export function seededDb(): { db: () => Db } {
  let db: Db;
  before(async () => {
    const copy = savedDatabase('seeded');
    db = await openDb({ database: copy ?? 'memory' });
    if (copy) return;
    await migrate(db);
    await seed(db);
  });
  after(async () => {
    await db.close();
  });
  return { db: () => db };
}
