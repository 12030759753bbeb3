/**
 * Demo pages (issue 11 "Demo pages"): the site's static pages — features, about, team, community with
 * its cyber workshops, resources and terms of use — as dynamic pages built from widgets, the community
 * page in the grouped layout, so that every kind of widget appears on a real page. Their images are small
 * SVG drawings and the terms are also offered as a text file, all uploaded as public page files through
 * the file service (the byte limit of each use and the content sniff apply as to any upload). Imported
 * once: nothing is added when a page exists.
 */
import { Readable } from 'node:stream';
import { CONTENT_STATUSES, type WidgetKind } from '@portal/shared/enums';
import type { UploadFileFields, UploadKind } from '@portal/shared/schemas/files';
import {
  CreatePageRequestSchema,
  SectionRequestSchema,
  type CreatePageRequest,
  type WidgetFile,
  type WidgetInput,
} from '@portal/shared/schemas/pages';
import type { Db } from '../../db/client.js';
import type { FileStore } from '../../lib/storage.js';
import { addSection } from './page-sections.service.js';
import { createPage } from './pages.service.js';
import { listPages } from './pages.repository.js';

/**
 * A drawing of the demo: a rounded panel in `color` with a simple mark and its title for screen readers.
 * The mark sits in the middle, or at four fifths of the width for a cover, whose title is written over
 * its left side.
 */
function drawing(
  title: string,
  color: string,
  mark: string,
  size = { width: 640, height: 300 },
  markAt: 'middle' | 'right' = 'middle',
): string {
  const { width, height } = size;
  const markX = (markAt === 'right' ? (width * 4) / 5 : width / 2) - 60;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img"><title>${title}</title><rect width="${width}" height="${height}" rx="16" fill="${color}"/><g fill="none" stroke="#ffffff" stroke-width="8" stroke-linecap="round" stroke-linejoin="round" transform="translate(${markX} ${height / 2 - 60})">${mark}</g></svg>`;
}

/** Marks drawn inside a 120x120 box. */
const MARK = {
  tree: '<circle cx="60" cy="16" r="12"/><circle cx="20" cy="100" r="12"/><circle cx="100" cy="100" r="12"/><path d="M60 28v30M60 58L20 88M60 58l40 30"/>',
  terminal: '<rect x="4" y="14" width="112" height="92" rx="8"/><path d="M24 44l20 16-20 16M56 80h36"/>',
  pen: '<path d="M20 100l10-34 56-56 24 24-56 56z M76 20l24 24"/>',
  eye: '<path d="M4 60q56-60 112 0-56 60-112 0z"/><circle cx="60" cy="60" r="16"/>',
  shield: '<path d="M60 6l48 18v34c0 30-22 50-48 58C34 108 12 88 12 58V24z"/><path d="M40 60l14 14 26-28"/>',
  person: '<circle cx="60" cy="40" r="24"/><path d="M16 116c4-28 22-40 44-40s40 12 44 40"/>',
  network:
    '<circle cx="60" cy="60" r="14"/><circle cx="14" cy="14" r="10"/><circle cx="106" cy="14" r="10"/><circle cx="14" cy="106" r="10"/><circle cx="106" cy="106" r="10"/><path d="M22 22l28 28M98 22L70 50M22 98l28-28M98 98L70 70"/>',
} as const;

/** One file of the demo to upload: its bytes, type, name and the use (byte limit) it is for. */
interface DemoFile {
  name: string;
  type: string;
  kind: UploadKind;
  body: string;
  alt?: string;
}

const svg = (name: string, kind: UploadKind, title: string, color: string, mark: string): DemoFile => {
  const size =
    kind === 'avatar'
      ? { width: 204, height: 204 }
      : kind === 'logo'
        ? { width: 290, height: 80 }
        : { width: 640, height: 300 };
  return { name, type: 'image/svg+xml', kind, body: drawing(title, color, mark, size), alt: title };
};

/** A section of a demo page: its group (grouped layout only) and its widgets, files named by key. */
interface DemoSection {
  key?: string;
  widgets: (files: Record<string, WidgetFile>) => WidgetInput[];
}

interface DemoPage {
  page: Omit<CreatePageRequest, 'parentId'>;
  /** The link of the parent page, created before this one. */
  parentHref?: string;
  files: Record<string, DemoFile>;
  sections: DemoSection[];
}

const TERMS = [
  [
    'Your account',
    'Keep your password to yourself. You are responsible for what is done with your account; tell us at once if you think someone else has used it.',
  ],
  [
    'Using the range',
    'Use the range and its virtual machines only for the exercises of your course. Attacking systems outside the range, or other users’ machines, is not allowed, and we may suspend an account that does.',
  ],
  [
    'Content licence',
    'Unless an item says otherwise, the courseware is shared under the Creative Commons Attribution-NonCommercial-ShareAlike 4.0 licence (https://creativecommons.org/licenses/by-nc-sa/4.0/): you may copy and adapt it for non-commercial teaching if you credit its authors and share your changes under the same licence.',
  ],
  ['Changes', 'When these terms change, this page shows the date of the new review.'],
] as const;
const TERMS_LEAD =
  'These terms apply to everyone who uses this portal. They were last reviewed on October 1st, 2019.';

/** The demo pages in the order they are created (a parent before its children). */
export const DEMO_PAGES: readonly DemoPage[] = [
  {
    page: {
      href: '/features',
      title: 'Features',
      status: 'published',
      description:
        'What the portal offers: a courseware repository, an exercise area on the cyber range and curated content.',
    },
    files: {
      cover: {
        name: 'features-cover.svg',
        type: 'image/svg+xml',
        kind: 'image',
        body: drawing(
          'The courseware tree of the portal',
          '#1f4e79',
          MARK.tree,
          { width: 1200, height: 300 },
          'right',
        ),
        alt: 'The courseware tree of the portal',
      },
      repository: svg(
        'repository.svg',
        'image',
        'A tree of courses, modules and lessons',
        '#2e7d32',
        MARK.tree,
      ),
      exercise: svg('exercise-area.svg', 'image', 'A terminal on the range', '#37474f', MARK.terminal),
      curated: svg('curated.svg', 'image', 'A pen editing an item', '#6a1b9a', MARK.pen),
      accessible: svg('accessible.svg', 'image', 'An eye', '#b71c1c', MARK.eye),
      diagram: svg(
        'courseware-levels.svg',
        'image',
        'Courses hold modules, modules hold lessons and labs',
        '#0d47a1',
        MARK.network,
      ),
    },
    sections: [
      {
        widgets: (f) => [
          {
            kind: 'coverImage',
            title: 'Courseware and a cyber range for your classes',
            subtitle: 'Find, download and teach; students practise what they learn in the exercise area',
            image: f.cover!,
          },
        ],
      },
      {
        widgets: () => [
          {
            kind: 'calloutBox',
            text: 'The portal brings together a courseware repository, an exercise area on the cyber range and the tools staff need to keep both up to date.',
          },
        ],
      },
      {
        widgets: (f) => [
          {
            kind: 'featureItem',
            title: 'A courseware repository',
            subtitle:
              'Courses, modules, lessons, labs and exercises are kept as one hierarchy.\nSearch finds them by name, keyword and description; filters narrow the results by category, level, tag and NICE Framework knowledge items.',
            imagePosition: 'left',
            image: f.repository!,
          },
          {
            kind: 'featureItem',
            title: 'An exercise area',
            subtitle:
              'Signed-in users reach the exercise area of the range with a single sign-on.\nStudents get there when their teacher invites them to a course.',
            imagePosition: 'left',
            image: f.exercise!,
          },
          {
            kind: 'featureItem',
            title: 'Curated content',
            subtitle:
              'Content editors add and edit items in place, publish, unlist, unpublish or archive them, and record where each item comes from and under which licence it is shared.',
            imagePosition: 'right',
            image: f.curated!,
          },
          {
            kind: 'featureItem',
            title: 'Accessible by design',
            subtitle:
              'Every page works with a keyboard and a screen reader, and the site is checked against the WCAG AA contrast rules in both of its colour schemes.',
            imagePosition: 'right',
            image: f.accessible!,
          },
        ],
      },
      {
        widgets: (f) => [
          {
            kind: 'heading',
            text: 'One hierarchy of courseware',
            headingType: 'h2',
            headingColor: 'primary',
          },
          {
            kind: 'image',
            name: 'Courses hold modules, modules hold lessons and labs',
            maxHeight: '300',
            position: 'center',
            image: f.diagram!,
          },
        ],
      },
      {
        widgets: () => [
          {
            kind: 'contentBox',
            content:
              '<p>Signed-in faculty download the files of an item one by one, or the whole item with everything under it as one zip file.</p>',
            imagePosition: 'right',
            image: null,
          },
          { kind: 'callToAction', text: 'Browse the courseware', target: '/courseware' },
        ],
      },
    ],
  },
  {
    page: {
      href: '/about',
      title: 'About',
      status: 'published',
      description:
        'A cyber range education service: hands-on labs and shared teaching material for cybersecurity.',
    },
    files: {
      range: svg('cyber-range.svg', 'image', 'Virtual machines of the range', '#00695c', MARK.network),
    },
    sections: [
      {
        widgets: () => [
          { kind: 'heading', text: 'About', headingType: 'h1', headingColor: 'default' },
          {
            kind: 'calloutBox',
            text: 'This portal belongs to a cyber range education service: it gives teachers hands-on labs and shared teaching material for cybersecurity.',
          },
        ],
      },
      {
        widgets: (f) => [
          {
            kind: 'contentBox',
            content:
              '<h2>What we do</h2><p>We run a cyber range where students practise on virtual machines, and this portal, where faculty find courseware to teach with. Our staff curate the courseware and support the schools that use the range.</p>',
            imagePosition: 'left',
            image: f.range!,
          },
        ],
      },
      {
        widgets: () => [
          {
            kind: 'contentBox',
            content:
              '<h2>Where the courseware comes from</h2><p>The repository holds openly licensed material, among it the <strong>SEED Labs</strong>, the <strong>Hacktivity</strong> lab sheets and Microsoft’s <strong>Security-101</strong> course. Each item names its source and its licence.</p>',
            imagePosition: 'right',
            image: null,
          },
          {
            kind: 'contentBox',
            content:
              '<h2>Who it is for</h2><p>High schools, community colleges and universities that teach cybersecurity, and the faculty and students in them.</p>',
            imagePosition: 'right',
            image: null,
          },
        ],
      },
    ],
  },
  {
    page: {
      href: '/team',
      title: 'Team',
      status: 'published',
      description: 'The roles of the people behind the portal: curators, range operations and support.',
    },
    files: {
      curators: svg('curators.svg', 'avatar', 'Curators', '#6a1b9a', MARK.person),
      operations: svg('range-operations.svg', 'avatar', 'Range operations', '#37474f', MARK.person),
      support: svg('support.svg', 'avatar', 'Support', '#1f4e79', MARK.person),
      logo: svg('range-logo.svg', 'logo', 'The cyber range', '#00695c', MARK.shield),
    },
    sections: [
      {
        widgets: () => [
          { kind: 'heading', text: 'Team', headingType: 'h1', headingColor: 'default' },
          {
            kind: 'calloutBox',
            text: 'A small staff runs the range and the portal. These are the roles you may hear from.',
          },
        ],
      },
      {
        widgets: (f) => [
          {
            kind: 'teamMember',
            name: 'Curators',
            title: 'Content editors',
            description:
              'Content editors review contributed courseware, keep each item’s description, levels and knowledge items accurate, and archive what is out of date.',
            avatar: f.curators!,
            logo: null,
          },
          {
            kind: 'teamMember',
            name: 'Range operations',
            title: 'Engineers',
            description:
              'Engineers keep the range and its virtual machines running for every class that uses them.',
            avatar: f.operations!,
            logo: f.logo!,
          },
          {
            kind: 'teamMember',
            name: 'Support',
            title: 'Support team',
            description:
              'The support team answers questions from faculty and school administrators. Write to them through the contact page.',
            avatar: f.support!,
            logo: null,
          },
        ],
      },
    ],
  },
  {
    page: {
      href: '/community',
      title: 'Community',
      status: 'published',
      description:
        'How faculty take part: sharing courseware, giving feedback and joining the weekly workshops.',
      layoutName: 'groupedList',
    },
    files: {},
    sections: [
      {
        key: 'Take part',
        widgets: () => [
          { kind: 'heading', text: 'Community', headingType: 'h1', headingColor: 'default' },
          {
            kind: 'calloutBox',
            text: 'The range is shaped by the faculty who teach with it: they share courseware, report problems and suggest improvements.',
          },
        ],
      },
      {
        key: 'Take part',
        widgets: () => [
          {
            kind: 'contentBox',
            content:
              '<h2>Share your courseware</h2><p>Faculty can contribute their own courses, modules and labs. See the <a href="/call-for-courseware">call for courseware</a> for what we look for and how to send an abstract.</p>',
            imagePosition: 'right',
            image: null,
          },
          {
            kind: 'contentBox',
            content:
              '<h2>Give feedback on an item</h2><p>Every courseware page has a Feedback button. Signed-in faculty use it to tell the curators about a mistake, a broken file or an idea; it reaches them by e-mail.</p>',
            imagePosition: 'right',
            image: null,
          },
        ],
      },
      {
        key: 'Workshops',
        widgets: () => [
          { kind: 'heading', text: 'Workshops', headingType: 'h2', headingColor: 'tertiary' },
          {
            kind: 'giantIconButton',
            buttons: [
              {
                name: 'Cyber workshops',
                description:
                  'We hold weekly workshops where faculty try the labs together and ask questions.',
                target: '/community/cyber-workshops',
                icon: 'event',
              },
              {
                name: 'Call for courseware',
                description: 'What we look for in contributed courseware and how to send an abstract.',
                target: '/call-for-courseware',
                icon: 'assignment',
              },
            ],
          },
        ],
      },
    ],
  },
  {
    page: {
      href: '/community/cyber-workshops',
      title: 'Cyber workshops',
      status: 'published',
      description: 'Online workshops where faculty work through a lab of the range together with our staff.',
    },
    parentHref: '/community',
    files: {},
    sections: [
      {
        widgets: () => [
          { kind: 'heading', text: 'Cyber workshops', headingType: 'h1', headingColor: 'default' },
          {
            kind: 'calloutBox',
            text: 'Online workshops where faculty work through a lab of the range together with our staff.',
          },
        ],
      },
      {
        widgets: () => [
          {
            kind: 'contentBox',
            content:
              '<h2>What happens in a workshop</h2><p>Each session takes one lab from the courseware repository: we run it on the range, explain how it fits into a course, and answer questions about teaching with it.</p>',
            imagePosition: 'right',
            image: null,
          },
          {
            kind: 'contentBox',
            content:
              '<h2>Who can join</h2><p>Faculty and staff of schools that use the range. Workshops are free.</p>',
            imagePosition: 'right',
            image: null,
          },
        ],
      },
      {
        widgets: () => [{ kind: 'callToAction', text: 'Ask about the next workshop', target: '/contact-us' }],
      },
    ],
  },
  {
    page: {
      href: '/resources',
      title: 'Resources',
      status: 'published',
      description:
        'Reference material for teaching with the range: the courseware, the NICE Framework and help.',
    },
    files: {},
    sections: [
      {
        widgets: () => [
          { kind: 'heading', text: 'Resources', headingType: 'h1', headingColor: 'default' },
          { kind: 'calloutBox', text: 'Reference material for teaching with the range.' },
        ],
      },
      {
        widgets: () => [
          {
            kind: 'giantIconButton',
            buttons: [
              {
                name: 'Courseware',
                description:
                  'The courseware repository is the main resource: search it, or browse it as a tree of courses, modules and lessons.',
                target: '/courseware',
                icon: 'school',
              },
              {
                name: 'The NICE Framework',
                description:
                  'Courseware items list the tasks, knowledge and skills of the NICE Workforce Framework for Cybersecurity and the CAE knowledge units they teach, so that you can match them to your program.',
                target: 'https://www.nist.gov/itl/applied-cybersecurity/nice/nice-framework-resource-center',
                icon: 'menuBook',
              },
              {
                name: 'Help',
                description:
                  'The knowledge base, under Help in the header, answers common questions. For anything else, use the contact page.',
                target: '/contact-us',
                icon: 'help',
              },
            ],
          },
        ],
      },
      {
        widgets: () => [
          { kind: 'heading', text: 'Videos', headingType: 'h2', headingColor: 'secondary' },
          {
            kind: 'calloutBox',
            text: 'Videos play through YouTube’s privacy-enhanced embed, which sets no cookie until you press play.',
          },
          { kind: 'youTube', videoId: 'jNQXAC9IVRw' },
        ],
      },
    ],
  },
  {
    page: {
      href: '/terms-of-use',
      title: 'Terms of use',
      status: 'published',
      description: TERMS_LEAD,
    },
    files: {
      text: {
        name: 'terms-of-use.txt',
        type: 'text/plain',
        kind: 'file',
        body: [`Terms of use\n\n${TERMS_LEAD}\n`, ...TERMS.map(([h, t]) => `${h}\n\n${t}\n`)].join('\n'),
      },
    },
    sections: [
      {
        widgets: () => [
          { kind: 'heading', text: 'Terms of use', headingType: 'h1', headingColor: 'default' },
          { kind: 'calloutBox', text: TERMS_LEAD },
        ],
      },
      ...TERMS.map(([heading, text]): DemoSection => ({
        widgets: () => [
          {
            kind: 'contentBox',
            content:
              heading === 'Content licence'
                ? '<h2>Content licence</h2><p>Unless an item says otherwise, the courseware is shared under the Creative Commons <a href="https://creativecommons.org/licenses/by-nc-sa/4.0/" target="_blank" rel="noopener noreferrer">Attribution-NonCommercial-ShareAlike 4.0</a> licence: you may copy and adapt it for non-commercial teaching if you credit its authors and share your changes under the same licence.</p>'
                : `<h2>${heading}</h2><p>${text}</p>`,
            imagePosition: 'right',
            image: null,
          },
        ],
      })),
      {
        widgets: (f) => [{ kind: 'file', name: 'The terms of use as a text file', file: f.text! }],
      },
    ],
  },
];

/** The widget kinds the demo pages use (a test checks that every kind appears). */
export function demoWidgetKinds(): Set<WidgetKind> {
  const stand: WidgetFile = {
    fileId: crypto.randomUUID(),
    filename: 'x.svg',
    mimeType: 'image/svg+xml',
    alt: 'x',
  };
  const files = new Proxy({}, { get: () => stand }) as Record<string, WidgetFile>;
  return new Set(DEMO_PAGES.flatMap((p) => p.sections.flatMap((s) => s.widgets(files).map((w) => w.kind))));
}

/** The author the demo pages' revisions name: no account, the name 'Demo data'. */
export const DEMO_AUTHOR_NAME = 'Demo data';
const SEED_AUTHOR = {
  accountId: null,
  identity: {
    subject: '',
    displayName: DEMO_AUTHOR_NAME,
    email: '',
    picture: null,
    provider: 'seed',
    exp: 0,
  },
};

/**
 * How the demo pages upload their files: the files module's upload (checked and stored as any upload),
 * handed in by the seed, since the files module sits above pages (it asks pages whether a page file may
 * be opened).
 */
export type DemoFileUpload = (input: {
  fields: UploadFileFields;
  body: Readable;
  clientFilename: string;
  wasTruncated: () => boolean;
}) => Promise<{ id: string }>;

/** What the demo pages write their files with: the store, and the upload of the files module. */
export interface DemoPageFiles {
  fileStore: FileStore;
  upload: DemoFileUpload;
}

/** Uploads one demo file as a public file of the page. */
async function uploadDemoFile(upload: DemoFileUpload, pageId: string, demo: DemoFile): Promise<WidgetFile> {
  const bytes = Buffer.from(demo.body, 'utf8');
  const uploaded = await upload({
    fields: {
      type: demo.type,
      name: demo.name,
      visibility: 'public',
      metadataType: 'page',
      metadataId: pageId,
      kind: demo.kind,
    },
    body: Readable.from([bytes]),
    clientFilename: demo.name,
    wasTruncated: () => false,
  });
  return { fileId: uploaded.id, filename: demo.name, mimeType: demo.type, alt: demo.alt ?? '' };
}

/**
 * Creates the demo pages with their sections and files, through the same rules as an editor's saves
 * (validated by the shared schemas, files checked per use, rich text sanitised, a revision per save).
 * Does nothing when any page exists.
 * @returns the number of pages created
 * @throws AppError or Error when a write is refused (the pages created before it are kept)
 */
export async function seedDemoPages(db: Db, { fileStore, upload }: DemoPageFiles): Promise<number> {
  if ((await listPages(db, { statuses: CONTENT_STATUSES, limit: 1 })).length > 0) return 0;
  const idOf = new Map<string, string>();
  for (const demo of DEMO_PAGES) {
    const created = await createPage(
      db,
      SEED_AUTHOR,
      CreatePageRequestSchema.parse({
        ...demo.page,
        parentId: demo.parentHref ? idOf.get(demo.parentHref) : null,
      }),
    );
    idOf.set(created.href, created.id);
    const files: Record<string, WidgetFile> = {};
    for (const [key, file] of Object.entries(demo.files)) {
      files[key] = await uploadDemoFile(upload, created.id, file);
    }
    for (const section of demo.sections) {
      await addSection(db, {
        fileStore,
        author: SEED_AUTHOR,
        pageId: created.id,
        input: SectionRequestSchema.parse({ key: section.key ?? null, widgets: section.widgets(files) }),
      });
    }
  }
  return DEMO_PAGES.length;
}
