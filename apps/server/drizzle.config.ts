import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/db/schema/courseware.ts',
    './src/db/schema/files.ts',
    './src/db/schema/identity.ts',
    './src/db/schema/knowledge.ts',
    './src/db/schema/site.ts',
    './src/db/schema/statistics.ts',
    './src/db/schema/forms.ts',
    './src/db/schema/news.ts',
    './src/db/schema/pages.ts',
    './src/db/schema/lti.ts',
  ],
  out: './drizzle',
});
