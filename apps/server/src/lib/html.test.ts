/**
 * The rich-text sanitiser against a corpus of known XSS payloads (issue 9 "Dependencies"): what comes back
 * is parsed with a real HTML parser (parse5, the WHATWG algorithm browsers follow), twice — as stored, and
 * again after the browser re-serialises it (mutation XSS) — and no element, attribute or URL that can run
 * script may appear. And links: the author's `rel` is dropped; a new tab always gets noopener noreferrer.
 */
import { parseFragment, serialize, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './html.js';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** Payloads from the OWASP XSS filter evasion cheat sheet, PortSwigger's XSS cheat sheet and DOMPurify's tests. */
const PAYLOADS = [
  // script
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<script>alert(1)//<</script>',
  // event handlers
  '<img src=x onerror=alert(1)>',
  '<img src="x" ONERROR="alert(1)">',
  '<img/src="x"/onerror=alert(1)>',
  '<p onclick="alert(1)">click</p>',
  '<a href="https://example.org" onmouseover=alert(1)>x</a>',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<input autofocus onfocus=alert(1)>',
  '<marquee onstart=alert(1)>',
  // javascript: and data: URLs
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="jav&#x0A;ascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe src="https://evil.example/"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<button formaction="javascript:alert(1)">go</button>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  // SVG and MathML
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>',
  '<svg><animate attributeName="href" values="javascript:alert(1)"/></svg>',
  '<svg><use href="data:image/svg+xml,&lt;svg id=x onload=alert(1)&gt;#x"/></svg>',
  '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  // raw-text elements (xmp, noscript, noembed, noframes, iframe, textarea, title, style)
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<noembed><img title="</noembed><img src=x onerror=alert(1)>"></noembed>',
  '<noframes><img title="</noframes><img src=x onerror=alert(1)>"></noframes>',
  '<textarea><img title="</textarea><img src=x onerror=alert(1)>"></textarea>',
  '<title><img title="</title><img src=x onerror=alert(1)>"></title>',
  '<style><img title="</style><img src=x onerror=alert(1)>"></style>',
  '<iframe><img title="</iframe><img src=x onerror=alert(1)>"></iframe>',
  '<plaintext><img src=x onerror=alert(1)>',
  // mutation XSS (DOMPurify bypasses and friends)
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  '<math><mi><table><mi><style><img src=x onerror=alert(1)></style>',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<svg><p><style><img src=x onerror=alert(1)></style></p></svg>',
  '<p><svg><style><!--</style><img src=x onerror=alert(1)>--></style></svg></p>',
  '<table><td><a href="x"><table><td>x</a><img src=x onerror=alert(1)>',
  '<a href="https://example.org">x</a><!--><img src=x onerror=alert(1)>-->',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<img src="x` `<script>alert(1)</script>"` `>',
  '<div style="background-image:url(javascript:alert(1))">x</div>',
  '<p style="behavior:url(x.htc)">x</p>',
  '<template><img src=x onerror=alert(1)></template>',
];

/** Elements that run script or load active content, whatever their attributes. */
const ACTIVE_ELEMENTS = new Set([
  'script',
  'style',
  'svg',
  'math',
  'object',
  'embed',
  'applet',
  'base',
  'meta',
  'link',
  'form',
  'button',
  'input',
  'textarea',
  'template',
  'noscript',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
  'title',
  'frame',
  'frameset',
]);
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'data',
  'srcdoc',
  'poster',
]);
/** A URL's scheme as a browser reads it (tabs and line breaks removed, leading spaces ignored). */
const schemeOf = (url: string) => /^([a-z][a-z0-9+.-]*):/i.exec(url.replace(/[\t\n\r]/g, '').trim())?.[1];
/** Relative URLs and these schemes run nothing. */
const isSafeUrl = (url: string) =>
  ['http', 'https', 'mailto', undefined].includes(schemeOf(url)?.toLowerCase());
const IFRAME_HOSTS = new Set(['www.youtube.com', 'www.youtube-nocookie.com']);

/** Every way the parsed fragment could run script, as readable strings (empty when none). */
function executableParts(html: string): string[] {
  const found: string[] = [];
  const visit = (node: Node) => {
    if ('tagName' in node) {
      const element = node as Element;
      if (ACTIVE_ELEMENTS.has(element.tagName) || element.namespaceURI !== 'http://www.w3.org/1999/xhtml')
        found.push(`<${element.tagName}>`);
      for (const { name, value } of element.attrs) {
        if (/^on/i.test(name) || name === 'style') found.push(`${element.tagName}[${name}]`);
        if (URL_ATTRIBUTES.has(name) && !isSafeUrl(value)) found.push(`${element.tagName}[${name}=${value}]`);
      }
      if (element.tagName === 'iframe') {
        const src = element.attrs.find((a) => a.name === 'src')?.value;
        if (src !== undefined && !IFRAME_HOSTS.has(URL.parse(src)?.hostname ?? ''))
          found.push(`<iframe src=${src}>`);
      }
    }
    if ('childNodes' in node) for (const child of node.childNodes) visit(child);
    if ('content' in node && node.content) visit(node.content as Node);
  };
  visit(parseFragment(html) as unknown as Node);
  return found;
}

describe('sanitizeRichText against known XSS payloads', () => {
  it('finds nothing executable in any payload, as stored and after the browser re-serialises it', () => {
    const failures: string[] = [];
    for (const payload of PAYLOADS) {
      const clean = sanitizeRichText(`<p>before</p>${payload}<p>after</p>`);
      // What a browser would hold after parsing the stored HTML and writing it out again (innerHTML).
      const reparsed = serialize(parseFragment(clean));
      for (const [stage, html] of [
        ['stored', clean],
        ['re-serialised', reparsed],
      ] as const) {
        const parts = executableParts(html);
        if (parts.length > 0) failures.push(`${payload}\n  ${stage}: ${html}\n  found: ${parts.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('the checker itself finds each kind of executable part (so a silent pass means something)', () => {
    expect(executableParts('<img src=x onerror=alert(1)>')).not.toEqual([]);
    expect(executableParts('<a href=" javascript:alert(1)">x</a>')).not.toEqual([]);
    expect(executableParts('<svg><p></p></svg>')).not.toEqual([]);
    expect(executableParts('<noscript><p title="</noscript><img src=x onerror=alert(1)>">')).not.toEqual([]);
    expect(executableParts('<iframe src="https://evil.example/"></iframe>')).not.toEqual([]);
    expect(executableParts('<p><a href="https://example.org">ok</a></p>')).toEqual([]);
  });

  it('keeps what the editor makes', () => {
    const html =
      '<h2>Goals</h2><p>Read <strong>this</strong> and <a href="https://example.org/a">that</a>.</p>' +
      '<ul><li>one</li></ul><iframe src="https://www.youtube.com/embed/abc" title="Video"></iframe>';
    const clean = sanitizeRichText(html);
    expect(clean).toContain('<strong>this</strong>');
    expect(clean).toContain('<a href="https://example.org/a">that</a>');
    expect(clean).toContain('<iframe src="https://www.youtube.com/embed/abc" title="Video"></iframe>');
  });
});

describe('rich-text links', () => {
  const anchor = (html: string) => {
    const p = parseFragment(sanitizeRichText(html)).childNodes[0] as Element;
    const a = p.childNodes.find((n) => 'tagName' in n && n.tagName === 'a') as Element;
    return Object.fromEntries(a.attrs.map(({ name, value }) => [name, value]));
  };

  it("drops the author's rel and gives every new tab noopener noreferrer, whatever the case of target", () => {
    for (const target of ['_blank', '_BLANK', ' _Blank ']) {
      expect(anchor(`<p><a href="https://example.org" target="${target}" rel="opener">x</a></p>`)).toEqual({
        href: 'https://example.org',
        target: '_blank',
        rel: 'noopener noreferrer',
      });
    }
  });

  it('keeps no rel nor other target on a link in the same tab', () => {
    expect(anchor('<p><a href="https://example.org" rel="opener">x</a></p>')).toEqual({
      href: 'https://example.org',
    });
    expect(anchor('<p><a href="https://example.org" target="_top" rel="nofollow">x</a></p>')).toEqual({
      href: 'https://example.org',
    });
  });
});
