/**
 * YouTube videos (001 §2 Rich-text editor "video"; 001 §3 youTube widget): a video id read from what an
 * editor pastes (a watch, short, share or embed address, or the bare id), and the privacy-enhanced
 * embed address it is shown through (no cookies until the visitor plays the video).
 */

/** The host of the privacy-enhanced embeds; the server's rich-text allow-list lets its iframes through. */
export const YOUTUBE_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

const VIDEO_ID = /^[A-Za-z0-9_-]+$/;
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtu.be',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);

/**
 * The video id in a YouTube address or a bare id; null when the text names no YouTube video.
 * @param text e.g. `https://www.youtube.com/watch?v=dQw4w9WgXcQ`, `https://youtu.be/dQw4w9WgXcQ`, `dQw4w9WgXcQ`
 */
export function youTubeVideoIdOf(text: string): string | null {
  const trimmed = text.trim();
  if (VIDEO_ID.test(trimmed)) return trimmed;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (!YOUTUBE_HOSTS.has(url.hostname.toLowerCase())) return null;
  const segments = url.pathname.split('/').filter(Boolean);
  const id =
    url.hostname.toLowerCase() === 'youtu.be'
      ? segments[0]
      : (url.searchParams.get('v') ??
        (['embed', 'shorts', 'live', 'v'].includes(segments[0] ?? '') ? segments[1] : undefined));
  return id && VIDEO_ID.test(id) ? id : null;
}

/** The privacy-enhanced embed address of a video id. */
export function youTubeEmbedUrl(videoId: string): string {
  return `${YOUTUBE_EMBED_ORIGIN}/embed/${encodeURIComponent(videoId)}`;
}
