import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // One file per area (`src/db/schema/<area>.ts`); the glob finds a new area's file by itself.
  schema: './src/db/schema/*.ts',
  out: './drizzle',
});
