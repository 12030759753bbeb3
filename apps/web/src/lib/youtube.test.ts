import { describe, expect, it } from 'vitest';
import { youTubeEmbedUrl, youTubeVideoIdOf } from './youtube';

describe('youTubeVideoIdOf', () => {
  it.each([
    ['dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ])('reads %s', (text, id) => expect(youTubeVideoIdOf(text)).toBe(id));

  it.each(['https://vimeo.com/123', 'https://www.youtube.com/', 'not an id!', ''])('refuses %s', (text) =>
    expect(youTubeVideoIdOf(text)).toBeNull(),
  );
});

it('embeds through the privacy-enhanced host', () => {
  expect(youTubeEmbedUrl('dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
});
