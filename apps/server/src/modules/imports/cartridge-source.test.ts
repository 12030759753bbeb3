/**
 * The Common Cartridge reader (issue 38 "Import a Common Cartridge") on the packages curators bring: the
 * portal's own export of a small course, read back to the tree it was exported from (names, description
 * text, keywords, categories, tags, licences, alignments, every file byte for byte, generated pages and
 * renderings left out); a Canvas export and a Moodle export built here after their exporters' layouts
 * (canvas-lms `lib/cc/`, moodle `backup/cc/cc_lib/`); CC 1.3 and 1.2 manifests; a manifest the schema
 * refuses, with the schema's own message and line; and a listed file missing. The attacks are in
 * testing/attacks/cartridge-import.test.ts.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { BundleResponseSchema } from '@portal/shared/schemas/files';
import { content, contentKnowledge } from '../../db/schema/courseware.js';
import { file } from '../../db/schema/files.js';
import { htmlToText } from '../../lib/html.js';
import { IMSCC_SCHEMA_DIR, manifestOf, removeStaged, stageFiles } from '../../testing/cartridge-packages.js';
import { storeFile } from '../../testing/fixtures.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { readZip } from '../../testing/zip.js';
import { itemId, manifestId } from '../files/cartridge-archive.js';
import { readCartridge } from './cartridge-source.js';
import type { SourceItem } from './course-tree.js';
import type { ReadPackage, StagedPackage } from './package.js';

const { ctx, tree, as } = useTestApp({ tree: true, env: { JOB_POLL_INTERVAL_MS: '50' } });
const options = { schemaDir: IMSCC_SCHEMA_DIR };
const staged: StagedPackage[] = [];
afterAll(async () => Promise.all(staged.map(removeStaged)));

/** Stages `files` and reads them as a cartridge. */
async function read(files: Record<string, string | Buffer>): Promise<ReadPackage> {
  const pkg = await stageFiles(files);
  staged.push(pkg);
  return readCartridge(pkg, options);
}

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
const names = (item: SourceItem): unknown => ({ [item.name]: item.children.map(names) });
const filesOf = (item: SourceItem) => item.files.map((f) => f.originPath);
const messages = (read: ReadPackage, severity: 'error' | 'warning') =>
  read.issues.filter((i) => i.severity === severity).map((i) => i.message);

describe('the portal’s own export', () => {
  const MARKDOWN = Buffer.from('# Filters\n\nCapture filters *before* display filters.\n');
  const PAGE_FILE = Buffer.from('<h1>A file that happens to be called index.html</h1>\n');
  let result: ReadPackage;
  let exported: Map<string, Buffer>;

  beforeAll(async () => {
    const db = ctx.database.db;
    await db
      .update(content)
      .set({
        description: '<p>Networks, <em>end to end</em>.</p><ul><li>Capture</li><li>Defend</li></ul>',
        keywords: ['networking', 'TCP/IP'],
        licenseName: 'CC BY 4.0',
        licenseUrl: 'https://creativecommons.org/licenses/by/4.0/',
        sourceName: 'Test source',
      })
      .where(eq(content.id, tree.course));
    await db
      .update(content)
      .set({
        description: '<p>Read packets &amp; flows.</p>',
        keywords: ['wireshark'],
        educationLevels: ['highschool'],
      })
      .where(eq(content.id, tree.module));
    await db.insert(contentKnowledge).values({ contentId: tree.module, knowledgeId: 'ku-BCY', index: 0 });
    await storeFile(db, ctx.fileStore, MARKDOWN, {
      name: 'Filter guide',
      filename: 'Filter Guide.md',
      mimeType: 'text/markdown',
      metadataType: 'content',
      metadataId: tree.module,
    });
    await storeFile(db, ctx.fileStore, PAGE_FILE, {
      name: 'Not the page',
      filename: 'index.html',
      mimeType: 'text/html',
      metadataType: 'content',
      metadataId: tree.module,
    });

    const headers = await as('faculty');
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/content/${tree.course}/cartridge`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(202);
    const { fileId } = BundleResponseSchema.parse(res.json());
    let status = 'pending';
    for (let i = 0; i < 400 && status === 'pending'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = (await ctx.app.inject({ method: 'GET', url: `/api/v1/files/${fileId}`, headers })).json()
        .status;
    }
    expect(status).toBe('ready');
    const link = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/files/${fileId}/download-url?from=${tree.course}`,
      headers,
    });
    const zip = (await ctx.app.inject({ method: 'GET', url: link.json().publicUrl })).rawPayload;
    exported = new Map((await readZip(zip)).map((e) => [e.name, e.data]));
    result = await read(Object.fromEntries(exported));
  });

  it('reads back the tree faculty exported: same names, order and identifiers, no problem', async () => {
    expect(result.issues).toEqual([]);
    expect(result.format).toBe('cartridge');
    expect(result.packageId).toBe(manifestId(tree.course));
    const course = result.source.course;
    expect(names(course)).toEqual({
      'Network Security Course': [{ 'Packet Analysis': [{ 'Cross-Site Scripting Lab': [] }] }],
    });
    const module = course.children[0]!;
    const lab = module.children[0]!;
    expect([course, module, lab].map((i) => i.originPath)).toEqual(
      [tree.course, tree.module, tree.lab].map(itemId),
    );
  });

  it('reads back each item’s description text, keywords, categories, tags, levels, licence and alignments', async () => {
    const course = result.source.course;
    const read = [course, course.children[0]!, course.children[0]!.children[0]!];
    const ids = [tree.course, tree.module, tree.lab];
    const rows = await ctx.database.db.select().from(content).where(inArray(content.id, ids));
    const links = await ctx.database.db
      .select()
      .from(contentKnowledge)
      .where(inArray(contentKnowledge.contentId, ids))
      .orderBy(contentKnowledge.index, contentKnowledge.knowledgeId);
    ids.forEach((id, i) => {
      const row = rows.find((r) => r.id === id)!;
      const item = read[i]!;
      expect(htmlToText(item.descriptionHtml), row.name).toBe(htmlToText(row.description));
      expect(item.keywords).toEqual(row.keywords);
      expect(item.categories).toEqual(row.categories);
      expect(item.tags).toEqual(row.tags);
      expect(item.educationLevels).toEqual(row.educationLevels);
      expect(item.experienceLevels).toEqual(row.experienceLevels);
      expect(item.license).toEqual({ name: row.licenseName ?? '', url: row.licenseUrl ?? '' });
      expect(item.alignments.map((a) => a.knowledgeId).sort()).toEqual(
        links
          .filter((l) => l.contentId === id)
          .map((l) => l.knowledgeId)
          .sort(),
      );
    });
    expect(read[2]!.sourceUrl).toBe('https://example.org/source');
    expect(result.source.sourceName).toBe('Test source');
  });

  it('takes every stored file byte for byte under its display name, and none of the generated pages', async () => {
    const stored = await ctx.database.db
      .select()
      .from(file)
      .where(
        and(eq(file.metadataType, 'content'), inArray(file.metadataId, [tree.course, tree.module, tree.lab])),
      );
    const all = (item: SourceItem): SourceItem[] => [item, ...item.children.flatMap(all)];
    const read = all(result.source.course).flatMap((item) => item.files);
    expect(read).toHaveLength(stored.length);
    for (const f of read) {
      const row = stored.find((s) => s.sha256 === sha256(Buffer.from(exported.get(f.originPath!)!)))!;
      expect(row, f.originPath).toBeDefined();
      expect(sha256(await fs.readFile(f.path))).toBe(row.sha256);
      expect(f.name).toBe(row.name);
      expect(f.mimeType).toBe(row.mimeType);
    }
    // The user's own index.html is imported; the item page and the Markdown's rendering are not.
    const module = result.source.course.children[0]!;
    expect(filesOf(module)).toEqual([
      'network-security-course/packet-analysis/filter-guide.md',
      'network-security-course/packet-analysis/index-2.html',
    ]);
    expect(exported.has('network-security-course/packet-analysis/filter-guide.md.html')).toBe(true);
  });
});

/** A Canvas page as Canvas's html exporter writes it: its metadata in `<meta>`, links through the file base. */
const canvasPage = (title: string, body: string) => `<html>
<head>
<meta http-equiv="Content-Type" content="text/html; charset=utf-8">
<title>${title}</title>
<meta name="identifier" content="g${title.length}"/>
<meta name="editing_roles" content="teachers"/>
<meta name="workflow_state" content="active"/>
</head>
<body>
${body}
</body>
</html>
`;

/**
 * A Canvas course export (canvas-lms lib/cc: manifest.rb, organization.rb, wiki_resources.rb,
 * web_resources.rb, canvas_resource.rb): modules as items of the root item `LearningModules`, wiki
 * pages in `wiki_content/`, course files in `web_resources/` (each its own webcontent resource, linked
 * from pages as `%24IMS-CC-FILEBASE%24/…`), an assignment as a learning application resource, a
 * discussion, a web link and an LTI link, a text header, and the course settings in `course_settings/`.
 * As CC 1.1 or 1.3: Canvas's 1.3 manifest keeps 1.1's resource types (IMS's 1.3 schema has others).
 */
function canvasExport(version: '1.1' | '1.3' = '1.1'): Record<string, string> {
  // Canvas writes 1.1's resource types in its 1.3 manifests too, but for LTI links (lib/cc/cc_helper.rb).
  const lor = 'associatedcontent/imscc_xmlv1p1/learning-application-resource';
  const resource = (id: string, type: string, files: string[], extra = '') =>
    `<resource identifier="${id}" type="${type}"${type === 'webcontent' || type === lor ? ` href="${files[0]}"` : ''}${extra}>${files.map((f) => `<file href="${f}"/>`).join('')}</resource>`;
  const manifest = manifestOf({
    version,
    title: 'Network Defence 101',
    metadata: `
      <lomimscc:lifeCycle><lomimscc:contribute><lomimscc:date><lomimscc:dateTime>2026-11-20</lomimscc:dateTime></lomimscc:date></lomimscc:contribute></lomimscc:lifeCycle>
      <lomimscc:rights>
        <lomimscc:copyrightAndOtherRestrictions><lomimscc:value>yes</lomimscc:value></lomimscc:copyrightAndOtherRestrictions>
        <lomimscc:description><lomimscc:string>Private (Copyrighted) - http://en.wikipedia.org/wiki/Copyright</lomimscc:string></lomimscc:description>
      </lomimscc:rights>`,
    organization: `
        <item identifier="g_mod1"><title>Week 1: Reconnaissance</title>
          <item identifier="g_t1" identifierref="g_wiki1"><title>Welcome</title></item>
          <item identifier="g_t2" identifierref="g_wiki2"><title>Lab 1: Port scanning</title></item>
          <item identifier="g_t3"><title>Readings</title></item>
          <item identifier="g_t4" identifierref="g_pdf"><title>port scanning.pdf</title></item>
          <item identifier="g_t5" identifierref="g_asg"><title>Essay: threat models</title></item>
          <item identifier="g_t6" identifierref="g_dt"><title>Introduce yourself</title></item>
          <item identifier="g_t7" identifierref="g_wl"><title>Nmap reference</title></item>
        </item>
        <item identifier="g_mod2"><title>Week 2: Defence</title>
          <item identifier="g_t8" identifierref="g_wiki3"><title>Firewalls</title></item>
          <item identifier="g_t9" identifierref="g_lti"><title>Packet lab (LTI)</title></item>
        </item>`,
    resources: [
      resource('g_settings', lor, [
        'course_settings/canvas_export.txt',
        'course_settings/course_settings.xml',
        'course_settings/module_meta.xml',
      ]),
      resource('g_syllabus', lor, ['course_settings/syllabus.html'], ' intendeduse="syllabus"'),
      resource('g_wiki1', 'webcontent', ['wiki_content/welcome.html']),
      resource('g_wiki2', 'webcontent', ['wiki_content/lab-1-port-scanning.html']),
      resource('g_wiki3', 'webcontent', ['wiki_content/firewalls.html']),
      resource('g_png', 'webcontent', ['web_resources/images/diagram.png']),
      resource('g_pdf', 'webcontent', ['web_resources/handouts/port scanning.pdf']),
      resource('g_unused', 'webcontent', ['web_resources/unused.txt']),
      resource('g_asg', lor, ['g_asg/essay-threat-models.html', 'g_asg/assignment_settings.xml']),
      resource('g_dt', 'imsdt_xmlv1p1', ['g_dt.xml']),
      resource('g_wl', 'imswl_xmlv1p1', ['g_wl.xml']),
      resource('g_lti', version === '1.1' ? 'imsbasiclti_xmlv1p0' : 'imsbasiclti_xmlv1p3', ['g_lti.xml']),
    ].join('\n    '),
  });
  return {
    'imsmanifest.xml': manifest,
    'course_settings/canvas_export.txt': 'Q: What did the panda say?\n',
    'course_settings/course_settings.xml': '<course identifier="g_course"/>',
    'course_settings/module_meta.xml': '<modules/>',
    'course_settings/syllabus.html': canvasPage('Syllabus', '<p>Weekly labs.</p>'),
    'wiki_content/welcome.html': canvasPage(
      'Welcome',
      '<p><img src="%24IMS-CC-FILEBASE%24/images/diagram.png" alt="Network"></p>' +
        '<p><a href="%24IMS-CC-FILEBASE%24/handouts/port%20scanning.pdf?canvas_download=1">Handout</a>, ' +
        'then <a href="%24WIKI_REFERENCE%24/pages/lab-1-port-scanning">the lab</a> and <a href="https://nmap.org">Nmap</a>.</p>',
    ),
    'wiki_content/lab-1-port-scanning.html': canvasPage('Lab 1: Port scanning', '<p>Scan the range.</p>'),
    'wiki_content/firewalls.html': canvasPage('Firewalls', '<p>Default deny.</p>'),
    'web_resources/images/diagram.png': 'PNG bytes',
    'web_resources/handouts/port scanning.pdf': '%PDF-1.4 handout',
    'web_resources/unused.txt': 'left over',
    'g_asg/essay-threat-models.html': canvasPage('Essay', '<p>Write.</p>'),
    'g_asg/assignment_settings.xml': '<assignment/>',
    'g_dt.xml': '<topic/>',
    'g_wl.xml': '<webLink/>',
    'g_lti.xml': '<cartridge_basiclti_link/>',
  };
}

describe('a Canvas export', () => {
  for (const version of ['1.1', '1.3'] as const)
    it(`CC ${version}: modules, pages with the files they link to, and a warning for each thing not imported`, async () => {
      const result = await read(canvasExport(version));
      expect(messages(result, 'error')).toEqual([]);
      const course = result.source.course;
      expect(names(course)).toEqual({
        'Network Defence 101': [
          {
            'Week 1: Reconnaissance': [
              { Welcome: [] },
              { 'Lab 1: Port scanning': [] },
              { 'port scanning.pdf': [] },
            ],
          },
          { 'Week 2: Defence': [{ Firewalls: [] }] },
        ],
      });
      expect(course.originPath).toBe('');
      expect(result.packageId).toBe('M_TEST');
      expect(course.license).toEqual({
        name: 'Private (Copyrighted)',
        url: 'http://en.wikipedia.org/wiki/Copyright',
      });
      const [week1, week2] = course.children;
      expect(week1!.categories).toEqual(['module']);
      expect(week1!.children.map((i) => i.categories)).toEqual([['lesson'], ['exercise'], ['lesson']]);
      expect(week1!.children.map((i) => i.license)).toEqual(Array(3).fill(course.license));
      const [welcome, lab, pdf] = week1!.children;
      expect(welcome!.originPath).toBe('g_t1');
      // The page, then the files it links to through the file base (Canvas's web_resources/).
      expect(filesOf(welcome!)).toEqual([
        'wiki_content/welcome.html',
        'web_resources/images/diagram.png',
        'web_resources/handouts/port scanning.pdf',
      ]);
      expect(welcome!.files.map((f) => f.mimeType)).toEqual(['text/html', 'image/png', 'application/pdf']);
      expect(filesOf(lab!)).toEqual(['wiki_content/lab-1-port-scanning.html']);
      expect(pdf!.files).toEqual([
        expect.objectContaining({
          filename: 'port scanning.pdf',
          name: 'port scanning.pdf',
          originPath: 'web_resources/handouts/port scanning.pdf',
        }),
      ]);
      expect(await fs.readFile(pdf!.files[0]!.path, 'utf8')).toBe('%PDF-1.4 handout');
      expect(filesOf(week2!.children[0]!)).toEqual(['wiki_content/firewalls.html']);
      expect(messages(result, 'warning')).toEqual([
        '"Essay: threat models" is LMS-specific content (a learning application resource, such as a Canvas assignment or settings); the portal imports files and pages only.',
        '"Introduce yourself" is a discussion topic; the portal imports files and pages only.',
        '"Nmap reference" is a web link; the portal imports files and pages only.',
        '"Packet lab (LTI)" is an LTI link; the portal imports files and pages only.',
        'course_settings/canvas_export.txt is LMS-specific content (a learning application resource, such as a Canvas assignment or settings); the portal imports files and pages only.',
        'course_settings/syllabus.html is LMS-specific content (a learning application resource, such as a Canvas assignment or settings); the portal imports files and pages only.',
        "web_resources/unused.txt is in no item of the cartridge's organization: it is not imported.",
      ]);
    });
});

/** A Moodle page as its CC converter writes it (cc_page.php): linked files beside, as `../i_…/name`. */
const moodlePage = (title: string, body: string) =>
  `<!DOCTYPE html>\n<html>\n<head>\n<meta http-equiv="content-type" content="text/html; charset=UTF-8">\n<title>${title}</title>\n</head>\n<body>\n${body}\n</body>\n</html>\n`;

/**
 * A Moodle course converted to CC 1.1 (moodle backup/cc/cc_lib: cc_convert_moodle2.php, cc_general.php,
 * cc_converter_page.php, cc_converter_resource.php): sections as items, activities in them, an untitled
 * item for an indented activity, every file in a folder `i_<hex>/` of its own as a webcontent resource,
 * a page depending on the resources of the files it links to, a file activity whose resource lists its
 * folder's other files, a forum and a URL.
 */
function moodleExport(): Record<string, string> {
  const manifest = manifestOf({
    title: 'Introduction to Cryptography',
    general: `
        <lomimscc:identifier><lomimscc:catalog>category</lomimscc:catalog><lomimscc:entry>Computer Science</lomimscc:entry></lomimscc:identifier>
        <lomimscc:language>en</lomimscc:language>
        <lomimscc:description><lomimscc:string language="en">Ciphers from Caesar to AES.

Weekly labs in the browser.</lomimscc:string></lomimscc:description>`,
    organization: `
        <item identifier="I_S0"><title>General</title>
          <item identifier="I_A1" identifierref="RES_PAGE1"><title>Course overview</title></item>
          <item identifier="I_A2" identifierref="RES_SLIDES"><title>Lecture slides</title></item>
          <item identifier="I_A3" identifierref="RES_FORUM"><title>Announcements</title></item>
        </item>
        <item identifier="I_S1"><title>Topic 1</title>
          <item identifier="I_A4" identifierref="RES_URL"><title>CrypTool online</title></item>
          <item identifier="I_IND1"><title></title>
            <item identifier="I_A5" identifierref="RES_PAGE2"><title>Lab: Caesar cipher</title></item>
          </item>
        </item>`,
    resources: `
    <resource identifier="RES_PAGE1" type="webcontent" href="i_5f3a2b1c/course_overview.html">
      <file href="i_5f3a2b1c/course_overview.html"/>
      <dependency identifierref="RES_IMG"/>
    </resource>
    <resource identifier="RES_IMG" type="webcontent" href="i_77aa11bb/diagram.png"><file href="i_77aa11bb/diagram.png"/></resource>
    <resource identifier="RES_SLIDES" type="webcontent" href="i_0c0ffee1/lecture_slides.pdf">
      <metadata><lom:lom><lom:educational><lom:intendedEndUserRole><lom:source>IMSGLC_CC_Rolesv1p1</lom:source><lom:value>Learner</lom:value></lom:intendedEndUserRole></lom:educational></lom:lom></metadata>
      <file href="i_0c0ffee1/lecture_slides.pdf"/>
      <file href="i_0c0ffee1/reading_list.txt"/>
    </resource>
    <resource identifier="RES_READING" type="webcontent" href="i_0c0ffee1/reading_list.txt"><file href="i_0c0ffee1/reading_list.txt"/></resource>
    <resource identifier="RES_FORUM" type="imsdt_xmlv1p1"><file href="i_9d8e7f6a/discussion.xml"/></resource>
    <resource identifier="RES_URL" type="imswl_xmlv1p1"><file href="i_1a2b3c4d/weblink.xml"/></resource>
    <resource identifier="RES_PAGE2" type="webcontent" href="i_2b3c4d5e/lab_caesar_cipher.html"><file href="i_2b3c4d5e/lab_caesar_cipher.html"/></resource>`,
  });
  return {
    'imsmanifest.xml': manifest,
    'i_5f3a2b1c/course_overview.html': moodlePage(
      'Course overview',
      '<p>Welcome.</p><p><img src="../i_77aa11bb/diagram.png" alt="Caesar wheel"></p>',
    ),
    'i_77aa11bb/diagram.png': 'PNG wheel',
    'i_0c0ffee1/lecture_slides.pdf': '%PDF-1.5 slides',
    'i_0c0ffee1/reading_list.txt': 'Singh, The Code Book\n',
    'i_9d8e7f6a/discussion.xml': '<topic/>',
    'i_1a2b3c4d/weblink.xml': '<webLink/>',
    'i_2b3c4d5e/lab_caesar_cipher.html': moodlePage('Lab: Caesar cipher', '<p>Shift by three.</p>'),
  };
}

describe('a Moodle export', () => {
  it('sections as modules, indented activities in place, a page with its dependencies, a file with its folder', async () => {
    const result = await read(moodleExport());
    expect(messages(result, 'error')).toEqual([]);
    const course = result.source.course;
    expect(names(course)).toEqual({
      'Introduction to Cryptography': [
        { General: [{ 'Course overview': [] }, { 'Lecture slides': [] }] },
        { 'Topic 1': [{ 'Lab: Caesar cipher': [] }] },
      ],
    });
    expect(course.descriptionHtml).toBe(
      '<p>Ciphers from Caesar to AES.</p><p>Weekly labs in the browser.</p>',
    );
    expect(course.categories).toEqual(['course']);
    const [general, topic] = course.children;
    expect([general, topic].map((i) => [i!.originPath, i!.categories])).toEqual([
      ['I_S0', ['module']],
      ['I_S1', ['module']],
    ]);
    const [overview, slides] = general!.children;
    expect(filesOf(overview!)).toEqual(['i_5f3a2b1c/course_overview.html', 'i_77aa11bb/diagram.png']);
    expect(filesOf(slides!)).toEqual(['i_0c0ffee1/lecture_slides.pdf', 'i_0c0ffee1/reading_list.txt']);
    const lab = topic!.children[0]!;
    expect([lab.originPath, lab.categories]).toEqual(['I_A5', ['exercise']]);
    expect(messages(result, 'warning')).toEqual([
      '"Announcements" is a discussion topic; the portal imports files and pages only.',
      '"CrypTool online" is a web link; the portal imports files and pages only.',
      'The cartridge states no licence for the course; its items will show none.',
    ]);
  });
});

/** The line of the manifest that holds `text`. */
const lineOf = (manifest: string, text: string) =>
  manifest.slice(0, manifest.indexOf(text)).split('\n').length;

describe('versions and invalid manifests', () => {
  it('reads CC 1.2 by IMS’s 1.3 schema, its names mapped, and a web link or LTI link is only a warning', async () => {
    const page =
      '<resource identifier="R_PAGE" type="webcontent" href="week1/intro.html"><file href="week1/intro.html"/></resource>';
    const result = await read({
      'imsmanifest.xml': manifestOf({
        version: '1.2',
        title: 'Web Applications for Everybody',
        organization: `<item identifier="T_1"><title>Week 1</title>
          <item identifier="T_2" identifierref="R_PAGE"><title>Introduction</title></item>
          <item identifier="T_3" identifierref="R_WL"><title>Video: SQL</title></item>
          <item identifier="T_4" identifierref="R_LTI"><title>Autograder</title></item></item>`,
        resources: `${page}
    <resource identifier="R_WL" type="imswl_xmlv1p2"><file href="xml/WL_3.xml"/></resource>
    <resource identifier="R_LTI" type="imsbasiclti_xmlv1p0"><file href="xml/LT_4.xml"/></resource>`,
      }),
      'week1/intro.html': '<p>Hello</p>',
      'xml/WL_3.xml': '<webLink/>',
      'xml/LT_4.xml': '<cartridge_basiclti_link/>',
    });
    expect(messages(result, 'error')).toEqual([]);
    // One top item that is only a folder: the course is the cartridge, named by its LOM title.
    expect(names(result.source.course)).toEqual({
      'Web Applications for Everybody': [{ 'Week 1': [{ Introduction: [] }] }],
    });
    expect(messages(result, 'warning').slice(0, 2)).toEqual([
      '"Video: SQL" is a web link; the portal imports files and pages only.',
      '"Autograder" is an LTI link; the portal imports files and pages only.',
    ]);
  });

  it('gives one error with the schema’s own message and line, and no tree, for a manifest the schema refuses', async () => {
    for (const version of ['1.1', '1.2', '1.3'] as const) {
      const manifest = manifestOf({
        version,
        resources:
          '<resource identifier="R_PAGE" type="webpage" href="page.html"><file href="page.html"/></resource>',
      });
      const result = await read({ 'imsmanifest.xml': manifest, 'page.html': '<p>Hi</p>' });
      expect(result.issues, version).toHaveLength(1);
      const [issue] = result.issues;
      expect(issue).toMatchObject({ severity: 'error', path: 'imsmanifest.xml' });
      expect(issue!.message).toContain(`does not follow IMS's Common Cartridge ${version} schema`);
      expect(issue!.message).toContain(
        `line ${lineOf(manifest, 'type="webpage"')}: Element '{http://www.imsglobal.org/xsd/imsccv1p${version === '1.1' ? 1 : 3}/imscp_v1p1}resource', attribute 'type': [facet 'enumeration'] The value 'webpage' is not an element of the set`,
      );
      expect(result.source.course).toMatchObject({ name: 'Network Defence', children: [], files: [] });
      expect(result.packageId).toBe('M_TEST');
    }
    const mood = manifestOf({ metadata: '<lomimscc:mood>calm</lomimscc:mood>' });
    const moody = await read({ 'imsmanifest.xml': mood, 'page.html': '' });
    expect(moody.issues).toEqual([
      expect.objectContaining({
        message: expect.stringContaining(
          `line ${lineOf(mood, '<lomimscc:mood>')}: Element '{http://ltsc.ieee.org/xsd/imsccv1p1/LOM/manifest}mood': This element is not expected.`,
        ),
      }),
    ]);
  });

  it('names a schema version the namespace does not have, CC 1.0 and a plain content package as such', async () => {
    const wrong = await read({
      'imsmanifest.xml': manifestOf().replace(
        '<schemaversion>1.1.0</schemaversion>',
        '<schemaversion>1.3.0</schemaversion>',
      ),
      'page.html': '',
    });
    expect(messages(wrong, 'error')).toEqual([
      expect.stringContaining("The value '1.3.0' is not an element of the set {'1.1.0'}"),
    ]);
    const cc10 = await read({
      'imsmanifest.xml': manifestOf().replace(/imsccv1p1\/imscp_v1p1/, 'imscc/imscp_v1p1'),
      'page.html': '',
    });
    expect(messages(cc10, 'error')).toEqual([
      expect.stringContaining('Common Cartridge 1.0, which the portal does not read'),
    ]);
    const cp = await read({
      'imsmanifest.xml': '<manifest identifier="CP" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"/>',
    });
    expect(messages(cp, 'error')).toEqual([
      expect.stringContaining('an IMS content package, not a Common Cartridge'),
    ]);
  });

  it('gives an error naming each listed file the package lacks, and keeps the rest', async () => {
    const result = await read({
      'imsmanifest.xml': manifestOf({
        organization: `<item identifier="I_1" identifierref="R_1"><title>Slides</title></item>
          <item identifier="I_2" identifierref="R_2"><title>Notes</title></item>`,
        resources: `<resource identifier="R_1" type="webcontent" href="slides/week%201.pdf"><file href="slides/week%201.pdf"/><file href="slides/extra.pdf"/></resource>
    <resource identifier="R_2" type="webcontent" href="notes.txt"><file href="notes.txt"/></resource>`,
      }),
      'slides/week 1.pdf': '%PDF',
    });
    expect(result.issues.filter((i) => i.severity === 'error')).toEqual([
      {
        severity: 'error',
        path: 'slides/extra.pdf',
        message:
          'imsmanifest.xml lists "slides/extra.pdf" (resource R_1), which is not in the package: export the course again, or add the file.',
      },
      {
        severity: 'error',
        path: 'notes.txt',
        message:
          'imsmanifest.xml lists "notes.txt" (resource R_2), which is not in the package: export the course again, or add the file.',
      },
    ]);
    expect(result.source.course.children.map(filesOf)).toEqual([['slides/week 1.pdf'], []]);
  });

  it('resolves hrefs against the xml:base of the manifest, the resources and a resource', async () => {
    const result = await read({
      'imsmanifest.xml': manifestOf({
        resources: `<resource identifier="R_PAGE" type="webcontent" href="page.html" xml:base="./week%201/"><file href="page.html"/><file href="../shared/notes.txt"/></resource>`,
      }),
      'week 1/page.html': '<p>Hi</p>',
      'shared/notes.txt': 'notes',
    });
    expect(messages(result, 'error')).toEqual([]);
    expect(filesOf(result.source.course)).toEqual(['week 1/page.html', 'shared/notes.txt']);
  });

  it('gives an error when nothing in the organization is imported', async () => {
    const result = await read({
      'imsmanifest.xml': manifestOf({
        organization: '<item identifier="I_1" identifierref="R_1"><title>Forum</title></item>',
        resources: '<resource identifier="R_1" type="imsdt_xmlv1p1"><file href="dt.xml"/></resource>',
      }),
      'dt.xml': '<topic/>',
    });
    expect(messages(result, 'error')).toEqual([
      "The cartridge's organization holds no web page or file the portal imports.",
    ]);
  });
});
