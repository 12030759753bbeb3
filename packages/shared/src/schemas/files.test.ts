import { describe, expect, it } from 'vitest';
import { FILE_NAME_MAX } from '../limits.js';
import { FILE_MESSAGES, UploadFileFieldsSchema, fileIconOf } from './files.js';

const fields = {
  type: 'application/pdf',
  name: 'Lab handout',
  visibility: 'private',
  metadataType: 'content',
};

describe('upload fields', () => {
  it('defaults the kind to file, and to image for a portrait', () => {
    expect(UploadFileFieldsSchema.parse(fields).kind).toBe('file');
    expect(
      UploadFileFieldsSchema.parse({ ...fields, type: 'image/png', metadataType: 'portrait' }).kind,
    ).toBe('image');
  });

  it('treats empty optional fields as absent and lower-cases the type', () => {
    const parsed = UploadFileFieldsSchema.parse({
      ...fields,
      type: 'Application/PDF',
      metadataId: '',
      kind: '',
    });
    expect(parsed).toMatchObject({ type: 'application/pdf', kind: 'file' });
    expect(parsed.metadataId).toBeUndefined();
  });

  it('requires a name of at most 120 characters, trimmed', () => {
    expect(UploadFileFieldsSchema.safeParse({ ...fields, name: '  ' }).error?.issues[0]?.message).toBe(
      FILE_MESSAGES.nameRequired,
    );
    expect(
      UploadFileFieldsSchema.safeParse({ ...fields, name: 'n'.repeat(FILE_NAME_MAX + 1) }).error?.issues[0]
        ?.message,
    ).toBe(FILE_MESSAGES.nameTooLong);
    expect(
      UploadFileFieldsSchema.parse({ ...fields, name: ` ${'n'.repeat(FILE_NAME_MAX)} ` }).name,
    ).toHaveLength(FILE_NAME_MAX);
  });

  it('takes only images for image, avatar and logo kinds, and portraits only as images', () => {
    expect(UploadFileFieldsSchema.safeParse({ ...fields, kind: 'avatar' }).error?.issues[0]?.message).toBe(
      FILE_MESSAGES.imageTypeRequired,
    );
    expect(UploadFileFieldsSchema.safeParse({ ...fields, type: 'image/svg+xml', kind: 'logo' }).success).toBe(
      true,
    );
    expect(
      UploadFileFieldsSchema.safeParse({
        ...fields,
        type: 'image/png',
        metadataType: 'portrait',
        kind: 'file',
      }).error?.issues[0]?.message,
    ).toBe(FILE_MESSAGES.portraitIsImage);
  });

  it('refuses a media type that is not one', () => {
    expect(UploadFileFieldsSchema.safeParse({ ...fields, type: 'pdf' }).success).toBe(false);
    expect(UploadFileFieldsSchema.safeParse({ ...fields, type: 'text/plain; charset=utf-8' }).success).toBe(
      false,
    );
  });
});

describe('file icons', () => {
  it.each([
    ['handout.PDF', 'pdf'],
    ['figure.png', 'image'],
    ['Labsetup.zip', 'archive'],
    ['slides.pptx', 'presentation'],
    ['grades.csv', 'spreadsheet'],
    ['lab.tex', 'text'],
    ['exploit.py', 'code'],
    ['README', 'file'],
    ['archive.unknownext', 'file'],
  ])('%s → %s', (filename, icon) => {
    expect(fileIconOf(filename)).toBe(icon);
  });
});
