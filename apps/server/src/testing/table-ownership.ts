/**
 * Reads of another area's tables still to be routed through the owner's service (issue 35), by module
 * source (relative to `modules/`), each with its reason. `table-ownership.test.ts` fails on a read not
 * listed here and on an entry no longer needed: remove it when the read moves. eslint.config.js lists
 * the schema imports among them (`PENDING_SCHEMA_IMPORTS`).
 */
export const PENDING_TABLE_READS: Record<string, string[]> = {
  // Counts each contributor's items and checks a portrait is a stored image; contributors sits below
  // courseware and files in the module graph, so it cannot call their services.
  'contributors/contributors.repository.ts': ['content_contributor', 'file'],
  // An item's history names each revision's author and the files it saved, in one query per page.
  'courseware/content-revisions.repository.ts': ['account', 'file'],
  // An item's save checks the contributor, knowledge item, file and lesson ids it names and drops the
  // bundles it outdates, in the save's transaction; files sits above courseware.
  'courseware/courseware-write.repository.ts': ['bundle', 'contributor', 'file', 'knowledge_item', 'lesson'],
  // An item's page joins its editors' names, its files and their text, knowledge items and lessons in one
  // query; files and lessons sit above courseware.
  'courseware/courseware.repository.ts': ['account', 'file', 'file_text', 'knowledge_item', 'lesson'],
  // Search ranks the words of an item's files (document search) and finds pages by their words; the
  // work-role browse reads the roles' statements (knowledge sits below courseware).
  'courseware/search-ranking.repository.ts': ['file', 'file_text', 'page'],
  'courseware/search-work-role.repository.ts': ['page', 'work_role', 'work_role_statement'],
  'courseware/search.repository.ts': ['work_role_statement'],
  // A bundle's fingerprint and archive read the visible tree, its sections, knowledge (with CyBOK topics)
  // and contributors one query each for the whole tree, not each item through courseware's service.
  'files/bundles.repository.ts': [
    'content',
    'content_contributor',
    'content_knowledge',
    'content_section',
    'contributor',
    'knowledge_item',
  ],
  // A file is opened by the rules of what it belongs to: the item, lesson or contributor portrait.
  'files/files.repository.ts': ['content', 'contributor', 'lesson'],
  // Support requests offer the courses an account teaches (invitations, claims) and name its unit.
  'forms/forms.repository.ts': ['account', 'account_claim', 'content', 'course_invitation', 'organization'],
  // Alignment suggestions and coverage read the items' text and links; knowledge sits below courseware.
  'knowledge/alignment-suggestions.repository.ts': ['content', 'content_knowledge', 'content_section'],
  'knowledge/coverage.repository.ts': ['content', 'content_knowledge', 'search_generation'],
  // The demo news import writes the demo events beside the news.
  'news/demo-news.ts': ['event'],
  // Sets and reads an account's business unit; identity sits above organizations.
  'organizations/organizations.repository.ts': ['account'],
  // A save checks the files its widgets name; files sits above pages.
  'pages/pages.repository.ts': ['file'],
  // The incident list names each reporter's e-mail address.
  'site/site.repository.ts': ['account'],
  // Demo downloads are drawn from the demo accounts, their units, the items and their files.
  'statistics/demo-downloads.ts': ['account', 'content', 'file', 'organization'],
  // A download names the account's unit; the dashboard counts items and their knowledge alignments.
  'statistics/statistics.repository.ts': ['account', 'content', 'content_knowledge', 'organization'],
};
