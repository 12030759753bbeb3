/**
 * What a courseware source reader produces and the importer writes: one course as a tree of items,
 * each with its texts, classification, attribution and source files. Readers are pure (they only
 * read files); `course-import.ts` turns a tree into rows.
 */
import type {
  ContentCategory,
  ContentStatus,
  ContentTag,
  EducationLevel,
  ExperienceLevel,
} from '@portal/shared/enums';
import { distinctIgnoringCase } from '@portal/shared/schemas/courseware';

/** A person a source names as an author; the importer splits the name into first, middle and last. */
export interface SourcePerson {
  name: string;
  /** Only when the source states it. */
  school?: string;
  /** Only when the source states it ("a professor"). */
  title?: string;
}

/** One real file of the source, copied byte for byte into the file store. */
export interface SourceFile {
  /** Absolute path on disk. */
  path: string;
  /** The real file name, given to downloads. */
  filename: string;
  /** Display name (cut to FILE_NAME_MAX by the importer). */
  name: string;
  mimeType: string;
  /** Its path in an imported package (issue 38), the key that finds it again on the next import. */
  originPath?: string;
}

/** A licence and where its text is. */
export interface SourceLicense {
  name: string;
  url: string;
}

/** An alignment the source states itself: a knowledge item's id and, for CyBOK, the topics named. */
export interface SourceAlignment {
  knowledgeId: string;
  topics?: { topic: string; keywords: string[] }[];
}

/** One content item of a course tree. */
export interface SourceItem {
  name: string;
  /** Raw HTML from the source's own words; sanitised by the importer. */
  descriptionHtml: string;
  categories: ContentCategory[];
  tags: ContentTag[];
  keywords: string[];
  educationLevels: EducationLevel[];
  experienceLevels: ExperienceLevel[];
  /** Defaults to published; a source item with nothing to teach yet is imported unpublished. */
  status?: ContentStatus;
  /** Names of what the item includes (000 §3 includes). */
  includes: string[];
  /** The item's own address in its repository (file or folder at the imported commit). */
  sourceUrl: string;
  /** Authors as the source credits them, joined; null when it names none. */
  sourceAuthor: string | null;
  license: SourceLicense;
  contributors: SourcePerson[];
  files: SourceFile[];
  /** Alignments the source states (a lab sheet's `cybok:` front matter), in order. */
  alignments: SourceAlignment[];
  /** Extra texts shown as sections (000 §3 sections), e.g. a lab's maintainer notes. */
  sections: { name: string; descriptionHtml: string }[];
  children: SourceItem[];
  /**
   * Its path in an imported package (issue 38: a folder's path under the course folder, a cartridge
   * item's identifier), the key that finds it again on the next import; left out, its names from the
   * course down.
   */
  originPath?: string;
}

/** A whole course and the name of where it came from. */
export interface CourseSource {
  /** Short key for logs and the summary: 'hacktivity', 'security-101', 'seed-labs'. */
  key: string;
  /** Shown with every item of the course as its source (with `sourceUrl`). */
  sourceName: string;
  course: SourceItem;
}

/** An item with the defaults of an empty one; readers fill in what their source states. */
export function sourceItem(
  fields: Pick<SourceItem, 'name' | 'sourceUrl' | 'license'> & Partial<SourceItem>,
): SourceItem {
  return {
    descriptionHtml: '',
    categories: [],
    tags: [],
    keywords: [],
    educationLevels: [],
    experienceLevels: [],
    includes: [],
    sourceAuthor: null,
    contributors: [],
    files: [],
    alignments: [],
    sections: [],
    children: [],
    ...fields,
  };
}

/** MIME types of the source documents we import, by extension. */
export const SOURCE_MIME_TYPES: Record<string, string> = {
  '.md': 'text/markdown',
  '.tex': 'application/x-tex',
};

/** The distinct names of the items' contributors, joined for a source's author line; null when none. */
export function authorsOf(items: readonly SourceItem[]): string | null {
  return (
    distinctIgnoringCase(items.flatMap((item) => item.contributors.map((c) => c.name))).join(', ') || null
  );
}

/** Natural order of file and folder names: "2_intro" before "10_anti". */
export function naturalCompare(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });
}
