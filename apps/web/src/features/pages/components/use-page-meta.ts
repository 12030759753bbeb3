import { useEffect } from 'react';
import { useDocumentTitle } from '../../../lib/document-title';

/** The head tags a dynamic page sets: its description and the Open Graph card. */
const META_TAGS = [
  { attribute: 'name', key: 'description', of: 'description' },
  { attribute: 'property', key: 'og:title', of: 'title' },
  { attribute: 'property', key: 'og:description', of: 'description' },
  { attribute: 'property', key: 'og:image', of: 'image' },
  { attribute: 'property', key: 'og:type', of: 'type' },
] as const;

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute or site-relative address of the page's first meta image, if any. */
  image: string | null;
}

/**
 * Sets the document title, the description and the Open Graph tags of a dynamic page from its meta
 * (001 §3 Page meta) while the page is shown; each tag is removed again when it leaves.
 */
export function usePageMeta({ title, description, image }: PageMeta): void {
  useDocumentTitle(title);
  useEffect(() => {
    const values = {
      title,
      description,
      image: image ? new URL(image, window.location.origin).href : '',
      type: 'website',
    };
    const added: HTMLMetaElement[] = [];
    for (const tag of META_TAGS) {
      const content = values[tag.of];
      if (!content) continue;
      const selector = `meta[${tag.attribute}="${tag.key}"]`;
      let element = document.head.querySelector<HTMLMetaElement>(selector);
      if (!element) {
        element = document.createElement('meta');
        element.setAttribute(tag.attribute, tag.key);
        document.head.append(element);
        added.push(element);
      }
      element.content = content;
    }
    return () => added.forEach((element) => element.remove());
  }, [title, description, image]);
}
